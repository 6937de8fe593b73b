#!/usr/bin/env bash
# Times `grock receipt` on bench/receipt-40.txt (40 item lines, a stated total) against the
# vault of bench/generate.py (2,000 items at 8 stores) and a history of 1,000 purchases: the
# whole process of a review (`grock --json receipt FILE`) and of a dry run that works out what
# would be logged (`--yes --dry-run --json`), beside the home screen as the cost of starting
# and opening the data. generate.py's items share their words (`Dairy item 0042`), which the
# matcher compares once each; so the review is timed too against 2,000 items named by two
# made-up words each, all different (`distinct`), the matcher's worst case.
# Medians of BENCH_RUNS runs (15 unless set) with hyperfine.
# Not part of swift test or CI. Usage: bench/receipt.sh  (run bench/run.sh first, or it builds)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$root/bench/.data/receipt
runs=${BENCH_RUNS:-15}
command -v hyperfine >/dev/null || { echo "needs hyperfine" >&2; exit 1; }
grock=$root/.build/release/grock
if [ ! -x "$grock" ]; then
  swift build -c release --product grock --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections 2>&1 | tail -1
fi
rm -rf "$work" && mkdir -p "$work"
python3 "$root/bench/generate.py" "$work" 1000 >/dev/null
data=$work/data
"$grock" --data-dir "$data" import "$work/vault.json" >/dev/null
"$grock" --data-dir "$data" import "$work/history-1000.csv" >/dev/null
python3 - "$work/distinct.csv" <<'PY'
import random, sys
rng = random.Random(40)
syllables = ["ba", "ko", "ri", "mu", "te", "sa", "lo", "ne", "fi", "gu", "da", "pe", "zo", "ha", "wi", "ju"]
word = lambda: "".join(rng.choice(syllables) for _ in range(rng.randint(2, 4)))
names = set()
while len(names) < 2000:
    names.add(word() + " " + word())
with open(sys.argv[1], "w") as out:
    out.write("date,trip,store,category,item,quantity,unit,price,currency\n")
    for index, name in enumerate(sorted(names)):
        out.write(f"2026-01-{index % 28 + 1:02d},Trip {index % 28},Aldi,Pantry,{name},1,each,{1 + index % 9}.{index % 100:02d},EUR\n")
PY
distinct=$work/distinct
"$grock" --data-dir "$distinct" import "$work/distinct.csv" >/dev/null
receipt=$root/bench/receipt-40.txt
# The receipt is dated; a clock just after it keeps the bench the same on any day.
export GROCK_NOW=2026-11-23T15:00:00+01:00
hyperfine -N --style none --warmup 3 --runs "$runs" --export-json "$work/times.json" \
  -n home "$grock --data-dir $data" \
  -n review "$grock --data-dir $data --json receipt $receipt --store Aldi" \
  -n dry-run "$grock --data-dir $data --json receipt $receipt --store Aldi --yes --dry-run" \
  -n distinct "$grock --data-dir $distinct --json receipt $receipt --store Aldi" >/dev/null
python3 - "$work/times.json" <<'PY'
import json, statistics, sys
for result in json.load(open(sys.argv[1]))["results"]:
    print("%-8s %6.1f ms" % (result["command"], statistics.median(result["times"]) * 1000))
PY
