#!/usr/bin/env bash
# Regenerates App/grock/symbol-order.txt, the order in which the release link places functions:
# those that everyday commands run come first, together, so that a command maps fewer 64 KiB
# windows of code (see symbol_order.py and docs/PERFORMANCE.md). Run it after changes that
# rename or add much code, then commit the file; a stale list only costs memory, never
# correctness. Takes a few minutes: the commands run under valgrind's callgrind.
# Usage: bench/order.sh   (KEEP=1 keeps its work directory: link map and callgrind outputs)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/carts.sh
command -v valgrind >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq valgrind >/dev/null; }
work=$(mktemp -d)
[ -z "${KEEP:-}" ] || echo "== work directory: $work"
trap '[ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT
build() {  # SwiftPM does not see the order file as an input of the link: relink by hand
  rm -f .build/release/grock
  swift build -c release --product grock --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections "$@" 2>&1 | tail -1
}

echo "== building with a link map"
build -Xlinker "-Map=$work/link.map" -Xlinker --no-demangle
python3 bench/generate.py "$work" 1000 >/dev/null
mkdir "$work/callgrind"
g="valgrind -q --tool=callgrind --demangle=no --dump-line=no --callgrind-out-file=$work/callgrind/callgrind.out.%p $PWD/.build/release/grock --data-dir $work/data"
run() { $g "$@" >/dev/null 2>&1 || echo "failed: grock $*"; }

echo "== running the benchmarked commands under callgrind"
run import "$work/vault.json"
run import "$work/history-1000.csv"
add_bench_carts "$g"
run
run cart show Bench
run cart add Bench 'Dairy item 0021'
run trip log Shop 'Dairy item 0001' --price 1.23
run cart new Fin --item 'Dairy item 0001' --item 'Bakery item 0003'
run trip start Fin
run trip log Fin 'Dairy item 0001'
run trip finish Fin
run item price 'Dairy item 0001' --store Aldi --price 2.34
run undo
run insights --by month
run insights --by category
run prices 'Dairy item 0001'
run plan Bench
run export --format csv
run item list
run cart list
run history

python3 bench/symbol_order.py "$work/link.map" "$work/callgrind" App/grock/symbol-order.txt
echo "== relinking with the new order"
build
