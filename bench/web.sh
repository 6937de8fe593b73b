#!/usr/bin/env bash
# grock serve's benchmarks (issue #24), on the shipped build: a tick's server time (the
# Server-Timing of POST /rpc trip.log, then trip.unlog, on a cart of 25 lines) in a data
# directory of 100,000 purchases, and the page's first render in headless Chromium on loopback.
# Medians. Not part of swift test or CI. Usage: bench/web.sh   (uses run.sh's 100,000 data if there)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
data=$root/bench/.data
work=$data/web
runs=${BENCH_RUNS:-50}
grock=${GROCK:-$root/.build/release/grock}
[ -x "$grock" ] || swift build -c release --product grock --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections 2>&1 | tail -1
if [ ! -d "$data/grock-100000" ]; then
  [ -f "$data/history-100000.csv" ] || python3 bench/generate.py "$data" 100000
  $grock --data-dir "$data/grock-100000" import "$data/vault.json" >/dev/null
  $grock --data-dir "$data/grock-100000" import "$data/history-100000.csv" >/dev/null
fi
rm -rf "$work" && mkdir -p "$work" && cp -a "$data/grock-100000" "$work/data"
g="$grock --data-dir $work/data"
words=(Produce Dairy Meat Bakery Pantry Frozen Beverages Snacks Household Personal Baby Pets Spices Breakfast Deli Organic
       International Sweets Canned Drugstore)
items=()
for i in $(seq 1 25); do n=$((i * 67 % 2000)); items+=("${words[$((n % 20))]} item $(printf %04d $n)"); done
args=(); for item in "${items[@]}"; do args+=(--item "$item"); done
$g cart new WebTicks "${args[@]}" >/dev/null
$g trip start WebTicks >/dev/null
$g serve --listen 127.0.0.1:0 > "$work/serve.out" &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 100); do grep -q token= "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$work/serve.out")
base=${url%%/\?*}
curl -s -o /dev/null -c "$work/cookies" "$url"
: > "$work/ticks"
for run in $(seq 1 "$runs"); do
  item=${items[$((run % 25))]}
  for method in trip.log trip.unlog; do
    curl -s -D - -o /dev/null -b "$work/cookies" -H "X-Requested-With: grock" -H 'Content-Type: application/json' \
      -d "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"$method\",\"params\":{\"cart\":\"WebTicks\",\"item\":\"$item\"}}" "$base/rpc" \
      | sed -n 's/^Server-Timing: app;dur=\([0-9.]*\).*/\1/p' | tr -d '\r' >> "$work/ticks"
  done
done
python3 - "$work/ticks" <<'PY'
import statistics, sys
times = [float(line) for line in open(sys.argv[1]) if line.strip()]
print(f"  tick (trip.log / trip.unlog) at 100,000 purchases: median {statistics.median(times):.2f} ms of {len(times)} "
      f"({min(times):.2f}-{max(times):.2f} ms), server time")
PY
# The first URL paired curl's session above (a pairing token pairs one browser): Chromium pairs
# with the next one the server printed.
python3 bench/web_render.py "$(grep -o 'http://[^ ]*' "$work/serve.out" | tail -1)" 9 > "$work/render"
python3 - "$work/render" <<'PY'
import statistics, sys
times = [float(line) for line in open(sys.argv[1]) if line.strip()][1:]   # the first warms the cache
print(f"  first render in headless Chromium: median {statistics.median(times):.1f} ms of {len(times)} ({min(times):.1f}-{max(times):.1f} ms)")
PY
