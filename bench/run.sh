#!/usr/bin/env bash
# Grock's benchmark suite: builds the release binary, imports generated purchase histories of
# 1,000 / 10,000 / 100,000 lines into fresh data directories, times whole grock processes with
# hyperfine (median of >= 10 runs after warm-ups; the sizes of one command alternate, in
# rounds), measures peak RSS with /usr/bin/time, runs
# ledger and hledger on the same 100,000 purchases and taskwarrior's `task add` with 100 and
# 10,000 tasks, and writes docs/PERFORMANCE.md.
# Not part of swift test or CI. Usage: bench/run.sh [SIZE ...]   (default: 1000 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/carts.sh
root=$PWD
work=$root/bench/.data
sizes=("${@:-1000 10000 100000}")
read -r -a sizes <<< "${sizes[*]}"
runs=${BENCH_RUNS:-15}

need=()
for tool in hyperfine ledger hledger; do command -v "$tool" >/dev/null || need+=("$tool"); done
command -v task >/dev/null || need+=(taskwarrior)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "== building (release, fully static: the shipped build, see README.md)"
swift build -c release --product grock --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections 2>&1 | tail -1
grock=$root/.build/release/grock
mkdir -p "$work/results"
rm -f "$work"/results/*.json "$work"/results/*.rss

echo "== hello worlds"
printf 'import Foundation\nprint("hello, \\(ProcessInfo.processInfo.processIdentifier)")\n' > "$work/hello.swift"
swiftc -O "$work/hello.swift" -o "$work/hello-dynamic" 2>/dev/null
swiftc -O -static-stdlib "$work/hello.swift" -o "$work/hello-static" 2>/dev/null
swiftc -O -static-executable "$work/hello.swift" -o "$work/hello-full-static" 2>/dev/null

echo "== generating data"
python3 "$root/bench/generate.py" "$work" "${sizes[@]}"
python3 "$root/bench/generate.py" "$work" --items 500 2000

# One round of hyperfine runs of a command; its times are added to those of earlier rounds of
# the same command in $work/results/NAME@SIZE.json.
hyperfine_round() {  # name, size, runs, [--prepare COMMAND] command
  local name=$1 size=$2 count=$3; shift 3
  local prepare=""
  if [ "$1" = --prepare ]; then prepare=$2; shift 2; fi
  # -N runs the timed command without a shell; the preparation needs one.
  hyperfine -N --style none --warmup 2 --runs "$count" --export-json "$work/round.json" \
    ${prepare:+--prepare "sh -c \"$prepare\""} "$1" >/dev/null
  python3 - "$work/round.json" "$work/results/$name@$size.json" <<'PY'
import json, os, sys
new, path = json.load(open(sys.argv[1])), sys.argv[2]
if os.path.exists(path):
    old = json.load(open(path))
    old["results"][0]["times"] += new["results"][0]["times"]
    new = old
json.dump(new, open(path, "w"))
PY
}

peak_rss() {  # name, size, [--prepare COMMAND] command: the median of 3 runs
  local name=$1 size=$2; shift 2
  local prepare=""
  if [ "$1" = --prepare ]; then prepare=$2; shift 2; fi
  local rss=()
  for _ in 1 2 3; do
    [ -z "$prepare" ] || sh -c "$prepare" >/dev/null 2>&1
    /usr/bin/time -o "$work/rss.tmp" -f '%M' sh -c "exec $1" >/dev/null 2>&1 || true
    rss+=("$(tail -1 "$work/rss.tmp")")
  done
  printf '%s\n' "${rss[@]}" | sort -n | sed -n 2p > "$work/results/$name@$size.rss"
  printf '  %-22s %7s %s\n' "$name" "$size" "$(python3 -c "import json,statistics;d=json.load(open('$work/results/$name@$size.json'));print('%.1f ms' % (statistics.median(d['results'][0]['times'])*1000))")"
}

time_it() {  # name, size, [--prepare COMMAND] command
  hyperfine_round "$1" "$2" "$runs" "${@:3}"
  peak_rss "$@"
}

time_it hello-dynamic 0 "$work/hello-dynamic"
time_it hello-static 0 "$work/hello-static"
time_it hello-full-static 0 "$work/hello-full-static"

echo "== taskwarrior: task add with 100 and 10,000 pending tasks"
touch "$work/taskrc"
export TASKRC="$work/taskrc"
for count in 100 10000; do
  export TASKDATA="$work/task-$count"
  rm -rf "$TASKDATA" && mkdir -p "$TASKDATA"
  python3 -c "
import json, uuid
for i in range($count):
    print(json.dumps({'uuid': str(uuid.UUID(int=i + 1)), 'description': 'Buy item %05d' % i, 'status': 'pending',
                      'entry': '20260101T000000Z', 'project': 'groceries'}))" > "$work/tasks.json"
  task rc.confirmation=off rc.verbose=nothing import "$work/tasks.json" >/dev/null
  time_it task-add "$count" "task rc.confirmation=off rc.verbose=nothing add Buy milk"
done
unset TASKDATA TASKRC

g_of() { echo "$grock --data-dir $work/grock-$1"; }
for size in "${sizes[@]}"; do
  data=$work/grock-$size
  g=$(g_of "$size")
  echo "== import of $size purchases"
  fresh="rm -rf $data && $g import $work/vault.json"
  r=$runs; [ "$size" -ge 100000 ] && r=10
  hyperfine -N --style none --warmup 1 --runs "$r" --prepare "sh -c \"$fresh\"" --export-json "$work/results/import@$size.json" \
    "$g import $work/history-$size.csv" >/dev/null
  eval "$fresh" >/dev/null
  /usr/bin/time -o "$work/results/import@$size.rss" -f '%M' $g import "$work/history-$size.csv" >/dev/null
  printf '  %-22s %s\n' import "$(python3 -c "import json,statistics;d=json.load(open('$work/results/import@$size.json'));print('%.1f ms' % (statistics.median(d['results'][0]['times'])*1000))")"
  add_bench_carts "$g"
done

# Each command's runs at the different sizes alternate, in rounds of a few runs, so that a ratio
# between sizes compares runs made at nearly the same moments: this machine's speed drifts.
rounds=4
each_size() {  # name, [--prepare COMMAND] command, both with %g standing for the grock command
  local name=$1; shift
  local round size i args
  for round in $(seq "$rounds"); do
    for size in "${sizes[@]}"; do
      args=("$@")
      for i in "${!args[@]}"; do args[$i]=${args[$i]//%g/$(g_of "$size")}; done
      hyperfine_round "$name" "$size" $(( (runs + rounds - 1) / rounds )) "${args[@]}"
    done
  done
  for size in "${sizes[@]}"; do
    args=("$@")
    for i in "${!args[@]}"; do args[$i]=${args[$i]//%g/$(g_of "$size")}; done
    peak_rss "$name" "$size" "${args[@]}"
  done
}
echo "== grock commands (sizes: ${sizes[*]})"
each_size home "%g"
each_size cart-show "%g cart show Bench"
each_size cart-add "%g cart add Bench 'Dairy item 0021'"
each_size trip-log "%g trip log Shop 'Dairy item 0001' --price 1.23"
each_size trip-finish --prepare "%g cart new Fin --item 'Dairy item 0001' --item 'Bakery item 0003' >/dev/null && %g trip start Fin >/dev/null && %g trip log Fin 'Dairy item 0001' >/dev/null" "%g trip finish Fin"
each_size item-price "%g item price 'Dairy item 0001' --store Aldi --price 2.34"
each_size undo --prepare "%g item price 'Dairy item 0001' --store Aldi --price 2.35 >/dev/null" "%g undo"
# A change costs what it changes (issue #16): `item price` in a vault of 500 and of 2,000 items
# (no history), alternating like the sizes above.
for items in 500 2000; do
  rm -rf "$work/grock-items-$items" && $grock --data-dir "$work/grock-items-$items" import "$work/items-$items.json" >/dev/null
done
for round in $(seq "$rounds"); do
  for items in 500 2000; do
    hyperfine_round item-price-vault "$items" $(( (runs + rounds - 1) / rounds )) \
      "$grock --data-dir $work/grock-items-$items item price 'Dairy item 0001' --store Aldi --price 2.34"
  done
done
for items in 500 2000; do
  peak_rss item-price-vault "$items" "$grock --data-dir $work/grock-items-$items item price 'Dairy item 0001' --store Aldi --price 2.34"
done
each_size insights-month "%g insights --by month"
each_size insights-category "%g insights --by category"
each_size prices "%g prices 'Dairy item 0001'"   # target (issue #16): <= 15 ms at 100,000 (report.py)
each_size plan "%g plan Bench"
each_size export-csv "%g export --format csv"

largest=${sizes[${#sizes[@]}-1]}
if [ "$largest" -ge 100000 ]; then
  echo "== ledger and hledger over the same $largest purchases"
  $(g_of "$largest") export --format ledger --output "$work/grock-$largest.journal" 2>/dev/null
  time_it ledger-M-reg "$largest" "ledger -f $work/grock-$largest.journal -M reg"
  time_it hledger-bal-M "$largest" "hledger -f $work/grock-$largest.journal bal -M"
fi

python3 "$root/bench/report.py" "$work/results" "$root/docs/PERFORMANCE.md" "${sizes[@]}"
echo "== wrote docs/PERFORMANCE.md"
