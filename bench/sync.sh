#!/usr/bin/env bash
# Sync's benchmarks (issue #16), on the shipped build: joining a household whose history holds
# 100,000 purchases, and one device's `grock sync` that sends its week of changes and merges the
# weeks of two other devices (a cart of 25 lines planned, shopped and finished, 10 prices, a
# rename, on each). Medians of BENCH_RUNS runs (10 unless set) with hyperfine.
# Not part of swift test or CI. Usage: bench/sync.sh   (uses run.sh's generated data if there)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
data=$root/bench/.data
work=$data/sync
runs=${BENCH_RUNS:-10}
grock=${GROCK:-$root/.build/release/grock}

command -v hyperfine >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine >/dev/null; }
if [ ! -x "$grock" ]; then
  swift build -c release --product grock --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections 2>&1 | tail -1
fi
mkdir -p "$data"
[ -f "$data/history-100000.csv" ] || python3 bench/generate.py "$data" 100000

rm -rf "$work" && mkdir -p "$work/household"
echo "== a household of 100,000 purchases"
$grock --data-dir "$work/a" import "$data/vault.json" >/dev/null
$grock --data-dir "$work/a" import "$data/history-100000.csv" >/dev/null
/usr/bin/time -f '  sync init: %e s, %M KiB' $grock --data-dir "$work/a" sync init "$work/household" --name a >/dev/null
first=$(sed -n 's/^device\t//p' "$work/a/sync/device.tsv")

echo "== join"
hyperfine -N --style basic --runs "$runs" --export-json "$work/join.json" \
  --prepare "sh -c 'rm -rf $work/b && find $work/household/devices -mindepth 1 -maxdepth 1 ! -name $first -exec rm -rf {} +'" \
  "$grock --data-dir $work/b sync join $work/household --name b" | grep -E "Time|Range"
rm -rf "$work/b" && find "$work/household/devices" -mindepth 1 -maxdepth 1 ! -name "$first" -exec rm -rf {} +
/usr/bin/time -f '  join peak: %M KiB' $grock --data-dir "$work/b" sync join "$work/household" --name b >/dev/null
rm -rf "$work/b" && find "$work/household/devices" -mindepth 1 -maxdepth 1 ! -name "$first" -exec rm -rf {} +

echo "== a week on three devices"
for device in b c; do $grock --data-dir "$work/$device" sync join "$work/household" --name $device >/dev/null; done
words=(Produce Dairy Meat Bakery Pantry Frozen Beverages Snacks Household Personal Baby Pets Spices Breakfast Deli Organic
       International Sweets Canned Drugstore)
item() { local n=$(( $1 % 2000 )); echo "${words[$((n % 20))]} item $(printf %04d $n)"; }
week() {  # device, store, offset
  local g="$grock --data-dir $work/$1" items=()
  for i in $(seq 1 25); do items+=(--item "$(item $((i * 67 + $3)))"); done
  $g cart new "Week $1" --budget 120 "${items[@]}" >/dev/null
  $g trip start "Week $1" >/dev/null
  for i in $(seq 1 25); do $g trip log "Week $1" "$(item $((i * 67 + $3)))" --price "1.$((10 + i))" --store "$2" >/dev/null; done
  $g trip finish "Week $1" >/dev/null
  for i in $(seq 1 10); do $g item price "$(item $((i * 131 + $3)))" --store "$2" --price "2.$((20 + i))" >/dev/null; done
  $g item rename "$(item $((1500 + $3)))" "Renamed by $1" >/dev/null
}
week a Aldi 0 2>/dev/null; week b Lidl 7 2>/dev/null; week c Rewe 13 2>/dev/null
$grock --data-dir "$work/b" sync >/dev/null
$grock --data-dir "$work/c" sync >/dev/null
cp -a "$work/a" "$work/a0" && cp -a "$work/household" "$work/household0"
echo "  $(ls "$work/a/sync/outbox" | wc -l) changes to send, $(cat "$work"/household/devices/*/*.seg | grep -c $'\t0001') versions of the other devices' to merge"
# Each timed run starts from its own copy of a, made beforehand: a copied file is no longer
# the one the state sealed (its inode and change time differ), so the copy's first change would
# check all of history again. One price recorded and one read settle each copy as a device's
# own data would be.
for run in $(seq 1 $((runs + 2))); do
  cp -a "$work/a0" "$work/a-$run" && cp -a "$work/household0" "$work/household-$run"
  $grock --data-dir "$work/a-$run" item price "$(item 7)" --store Aldi --price 3.33 >/dev/null 2>&1
  $grock --data-dir "$work/a-$run" insights >/dev/null
done
echo 0 > "$work/next"
cat > "$work/next.sh" <<NEXT
n=\$((\$(cat $work/next) + 1)); echo \$n > $work/next
rm -rf $work/a $work/household && mv $work/a-\$n $work/a && mv $work/household-\$n $work/household
NEXT
hyperfine -N --style basic --warmup 2 --runs "$runs" --export-json "$work/week.json" --prepare "sh $work/next.sh" \
  "$grock --data-dir $work/a sync" | grep -E "Time|Range"
echo "== everyday commands with sync on and off (the same data: a copy whose sync/ is removed)"
rm -rf "$work/on" "$work/off" && cp -a "$work/a0" "$work/on" && cp -a "$work/a0" "$work/off" && rm -rf "$work/off/sync"
for side in on off; do
  $grock --data-dir "$work/$side" cart new Everyday --item "$(item 1)" >/dev/null
  $grock --data-dir "$work/$side" item price "$(item 7)" --store Aldi --price 3.33 >/dev/null 2>&1
  $grock --data-dir "$work/$side" insights >/dev/null
done
everyday() {  # name, [--prepare COMMAND], command with %d for the data directory
  local name=$1; shift
  for side in on off; do
    local args=("$@")
    args=("${args[@]//%d/$work/$side}")
    hyperfine -N --style none --warmup 3 --runs "$runs" --export-json "$work/$name-$side.json" "${args[@]}" >/dev/null
  done
  printf '  %-12s sync on %s, off %s\n' "$name" \
    "$(python3 -c "import json,statistics;print('%.1f ms' % (statistics.median(json.load(open('$work/$name-on.json'))['results'][0]['times'])*1000))")" \
    "$(python3 -c "import json,statistics;print('%.1f ms' % (statistics.median(json.load(open('$work/$name-off.json'))['results'][0]['times'])*1000))")"
}
everyday home "$grock --data-dir %d"
printf '#!/bin/sh\n%s --data-dir "$1" cart remove Everyday "%s" >/dev/null 2>&1; true\n' "$grock" "$(item 21)" > "$work/unadd.sh"
everyday "cart add" --prepare "sh $work/unadd.sh %d" "$grock --data-dir %d cart add Everyday '$(item 21)'"
everyday "item price" "$grock --data-dir %d item price '$(item 7)' --store Aldi --price 3.33"
everyday "prices ITEM" "$grock --data-dir %d prices '$(item 7)'"

for name in join week; do
  printf '  %-6s median %s\n' $name "$(python3 -c "import json,statistics;d=json.load(open('$work/$name.json'));print('%.1f ms' % (statistics.median(d['results'][0]['times'])*1000))")"
done
$grock --data-dir "$work/b" sync >/dev/null; $grock --data-dir "$work/c" sync >/dev/null; $grock --data-dir "$work/a" sync >/dev/null
for device in b c; do $grock --data-dir "$work/$device" sync >/dev/null; done
for device in a b c; do $grock --data-dir "$work/$device" --json export --format json | md5sum; done | uniq -c | sed 's/^/  exports: /'
