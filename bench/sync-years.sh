#!/usr/bin/env bash
# Sync over a long-lived household (issue #22), on the shipped build; medians of BENCH_RUNS runs
# (10 unless set) with hyperfine:
#   idle-import   `grock sync` with nothing incoming, after a 20,000-row import was sent
#   idle-years    `grock sync` with nothing incoming, after 5 simulated years of a 3-device
#                 household (each device, each week: a cart of 5 lines planned, shopped and
#                 finished, 3 prices; 260 weeks; every device syncs every week)
#   segments      one `grock sync` that merges 6,000 one-change segments of another device
# Not part of swift test or CI: generating the years takes ~10 minutes.
# Usage: bench/sync-years.sh [idle-import|idle-years|segments ...]   (all three by default)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
data=$root/bench/.data
work=$data/sync-years
runs=${BENCH_RUNS:-10}
grock=${GROCK:-$root/.build/release/grock}
parts=("$@")
[ ${#parts[@]} -gt 0 ] || parts=(idle-import idle-years segments)

command -v hyperfine >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null; }
if [ ! -x "$grock" ]; then
  swift build -c release --product grock --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections 2>&1 | tail -1
fi
mkdir -p "$data"; [ -f "$data/history-20000.csv" ] && [ -f "$data/vault.json" ] || python3 bench/generate.py "$data" 20000
median() { python3 -c "import json,statistics;print('%.1f ms' % (statistics.median(json.load(open('$1'))['results'][0]['times'])*1000))"; }

# A household of devices a, b, c in one folder, from the bench vault.
household() {  # directory
  rm -rf "$1" && mkdir -p "$1/folder"
  $grock --data-dir "$1/a" import "$data/vault.json" >/dev/null
  $grock --data-dir "$1/a" sync init "$1/folder" --name a >/dev/null
  for device in b c; do $grock --data-dir "$1/$device" sync join "$1/folder" --name $device >/dev/null; done
}
words=(Produce Dairy Meat Bakery Pantry Frozen Beverages Snacks Household Personal Baby Pets Spices Breakfast Deli Organic
       International Sweets Canned Drugstore)
item() { local n=$(( $1 % 2000 )); echo "${words[$((n % 20))]} item $(printf %04d $n)"; }

for part in "${parts[@]}"; do
case $part in
idle-import)
  echo "== nothing incoming, after a 20,000-row import was sent"
  household "$work/import"
  $grock --data-dir "$work/import/a" import "$data/history-20000.csv" >/dev/null
  $grock --data-dir "$work/import/a" sync >/dev/null
  for device in b c a; do $grock --data-dir "$work/import/$device" sync >/dev/null; done
  echo "  index: $(du -h "$work"/import/a/sync/index-*.tsv | cut -f1)"
  hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/idle-import.json" "$grock --data-dir $work/import/a sync" | grep -E "Time|Range"
  echo "  idle-import median $(median "$work/idle-import.json")"
  ;;
idle-years)
  echo "== nothing incoming, after 5 simulated years of 3 devices"
  household "$work/years"
  for week in $(seq 1 260); do
    day=$(date -u -d "2021-01-04 + $((week * 7)) days" +%Y-%m-%dT10:00:00+00:00)
    for device in a b c; do
      g="$grock --data-dir $work/years/$device"
      offset=$(( week * 7 ))
      case $device in a) store=Aldi;; b) store=Lidl;; c) store=Rewe;; esac
      lines=(); for i in 1 2 3 4 5; do lines+=(--item "$(item $((week * 37 + i * 11 + $(printf %d "'$device"))))"); done
      GROCK_NOW=$day $g cart new "W$week $device" "${lines[@]}" >/dev/null
      GROCK_NOW=$day $g trip start "W$week $device" >/dev/null
      for i in 1 2 3 4 5; do
        GROCK_NOW=$day $g trip log "W$week $device" "$(item $((week * 37 + i * 11 + $(printf %d "'$device"))))" --price "1.$((10 + i))" --store $store >/dev/null
      done
      GROCK_NOW=$day $g trip finish "W$week $device" >/dev/null
      for i in 1 2 3; do GROCK_NOW=$day $g item price "$(item $((week * 53 + i + offset)))" --store $store --price "2.$((20 + i))" >/dev/null 2>&1; done
      GROCK_NOW=$day $g sync >/dev/null 2>&1
    done
  done
  for device in a b c a; do $grock --data-dir "$work/years/$device" sync >/dev/null 2>&1; done
  echo "  index: $(du -h "$work"/years/a/sync/index-*.tsv | cut -f1), segments: $(find "$work/years/folder" -name '*.seg' | wc -l)"
  hyperfine -N --style basic --warmup 3 --runs "$runs" --export-json "$work/idle-years.json" "$grock --data-dir $work/years/a sync" | grep -E "Time|Range"
  echo "  idle-years median $(median "$work/idle-years.json")"
  ;;
segments)
  echo "== merging 6,000 one-change segments"
  # Writing them takes 12,000 runs of grock (~15 minutes): a run stopped part way is resumed.
  b=$([ -f "$work/segments/b/sync/device.tsv" ] && sed -n 's/^device\t//p' "$work/segments/b/sync/device.tsv" || true)
  if [ -z "$b" ] || [ ! -d "$work/segments/a" ]; then household "$work/segments"; b=$(sed -n 's/^device\t//p' "$work/segments/b/sync/device.tsv"); fi
  done_already=$(ls "$work/segments/folder/devices/$b" | grep -c '^[0-9]*\.seg$' || true)
  for i in $(seq $((done_already + 1)) 6000); do
    $grock --data-dir "$work/segments/b" item price "$(item $((i % 2000)))" --store Lidl --price "$((1 + i % 9)).$((10 + i % 90))" >/dev/null 2>&1
    $grock --data-dir "$work/segments/b" sync >/dev/null
  done
  echo "  segments of b: $(ls "$work/segments/folder/devices/$b" | grep -c seg)"
  # Each timed run merges all of them, from its own copy of a made beforehand.
  for run in $(seq 1 $((runs + 1))); do cp -a "$work/segments/a" "$work/segments/a-$run"; done
  echo 0 > "$work/next"
  cat > "$work/next.sh" <<NEXT
n=\$((\$(cat $work/next) + 1)); echo \$n > $work/next
rm -rf $work/segments/a && mv $work/segments/a-\$n $work/segments/a
NEXT
  hyperfine -N --style basic --warmup 1 --runs "$runs" --export-json "$work/segments.json" --prepare "sh $work/next.sh" \
    "$grock --data-dir $work/segments/a sync" | grep -E "Time|Range"
  echo "  segments median $(median "$work/segments.json")"
  ;;
*) echo "unknown part: $part" >&2; exit 2;;
esac
done
