#!/usr/bin/env python3
"""Turns bench/run.sh's hyperfine and /usr/bin/time results into docs/PERFORMANCE.md."""
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys

results, output, sizes = sys.argv[1], sys.argv[2], [int(s) for s in sys.argv[3:]]
MUTATIONS = ["cart-add", "trip-log", "trip-finish", "item-price", "undo"]
SINGLE_READS = ["home", "cart-show"]
HISTORY = ["insights-month", "insights-category", "prices", "plan", "export-csv", "import"]
LABELS = {"home": "home screen (`grock`)", "cart-show": "`cart show`", "cart-add": "`cart add`", "trip-log": "`trip log`",
          "trip-finish": "`trip finish`", "item-price": "`item price`", "undo": "`undo`", "insights-month": "`insights --by month`",
          "insights-category": "`insights --by category`", "prices": "`prices ITEM`", "plan": "`plan CART` (30 lines, 8 stores)",
          "export-csv": "`export --format csv`", "import": "`import` of the CSV"}


def load(name, size):
    path = f"{results}/{name}@{size}.json"
    if not os.path.exists(path):
        return None, None
    times = json.load(open(path))["results"][0]["times"]
    rss_path = f"{results}/{name}@{size}.rss"
    rss = int(open(rss_path).read().strip() or 0) if os.path.exists(rss_path) else None
    return statistics.median(times) * 1000, rss


def ms(value):
    return "-" if value is None else (f"{value:.1f}" if value < 100 else f"{value:.0f}")


def mib(kb):
    return "-" if not kb else f"{kb / 1024:.1f}"


def run(command):
    try:
        return subprocess.run(command, shell=True, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


hello_static, hello_static_rss = load("hello-static", 0)
hello_dynamic, hello_dynamic_rss = load("hello-dynamic", 0)
hello_full, hello_full_rss = load("hello-full-static", 0)
small, large = sizes[0], sizes[-1]
lines = ["# Performance", "",
         f"Measured by `bench/run.sh` on {datetime.date.today()}: whole `grock` processes (the shipped build: release, "
         "fully static, `--static-swift-stdlib -Xswiftc -static-executable -Xswiftc -Xfrontend -Xswiftc -function-sections`, linked by lld in the order of `App/grock/symbol-order.txt`), "
         "medians of `BENCH_RUNS` runs (15 unless set; 10 for the largest import) after warm-ups with hyperfine, peak RSS (median of 3) with "
         "`/usr/bin/time`; each command is measured at every size back to back, so that a ratio compares runs close in time. Data: `bench/generate.py` (seeded): a vault of 2,000 items in 20 categories at 8 stores, and "
         "purchase histories of " + " / ".join(f"{s:,}" for s in sizes) + " lines (trips of 10-40 lines over 10 years, prices "
         "drifting ~2 %/year, 10 % promotions), imported into fresh data directories, plus active carts of 30 and 3 lines.", "",
         "Machine: " + ", ".join([run("nproc") + " cores", run("grep -m1 'model name' /proc/cpuinfo | cut -d: -f2").strip(),
                                  run("free -g | awk '/Mem:/ {print $2}'") + " GiB", platform.platform(),
                                  run("swift --version 2>&1 | head -1")]) + ".", "",
         "## Medians (ms) and peak RSS (MiB)", "",
         "| command | " + " | ".join(f"{s:,}" for s in sizes) + f" | ratio {large:,} / {small:,} | peak RSS at {large:,} |",
         "|---|" + "---|" * len(sizes) + "---|---|"]
verdicts = []
for name in SINGLE_READS + MUTATIONS + HISTORY:
    values = [load(name, s) for s in sizes]
    first, last = values[0][0], values[-1][0]
    ratio = f"{last / first:.2f}x" if first and last else "-"
    lines.append(f"| {LABELS[name]} | " + " | ".join(ms(v[0]) for v in values) + f" | {ratio} | {mib(values[-1][1])} |")
    if name in SINGLE_READS + MUTATIONS and last is not None:
        verdicts.append((name, last, first, values[-1][1]))
vault_small, _ = load("item-price-vault", 500)
vault_large, vault_large_rss = load("item-price-vault", 2000)
if vault_small and vault_large:
    lines += ["", "A change costs what it changes: `item price` in a vault of 500 and of 2,000 items (no history; `bench/generate.py --items`):", "",
              "| command | 500 items | 2,000 items | ratio 2,000 / 500 | peak RSS at 2,000 |", "|---|---|---|---|---|",
              f"| `item price` | {ms(vault_small)} | {ms(vault_large)} | {vault_large / vault_small:.2f}x | {mib(vault_large_rss)} |"]
lines += ["", "Reference points in the same run:", "",
          "| program | median (ms) | peak RSS (MiB) |", "|---|---|---|",
          f"| Swift hello-world importing Foundation, fully static (linked like `grock`) | {ms(hello_full)} | {mib(hello_full_rss)} |",
          f"| the same, static Swift stdlib, dynamic glibc | {ms(hello_static)} | {mib(hello_static_rss)} |",
          f"| the same, dynamic | {ms(hello_dynamic)} | {mib(hello_dynamic_rss)} |"]
ledger, ledger_rss = load("ledger-M-reg", large)
hledger, hledger_rss = load("hledger-bal-M", large)
lines += [f"| `ledger -M reg` on the exported journal of {large:,} purchases | {ms(ledger)} | {mib(ledger_rss)} |",
          f"| `hledger bal -M` on the same journal | {ms(hledger)} | {mib(hledger_rss)} |"]
for count in [100, 10000]:
    task, task_rss = load("task-add", count)
    if task:
        lines.append(f"| taskwarrior `task add` with {count:,} pending tasks (a mutation elsewhere) | {ms(task)} | {mib(task_rss)} |")
lines += ["", "## Targets", "", "| target | measured | verdict |", "|---|---|---|"]


def verdict(ok):
    return "met" if ok else "**missed**"


for name, last, first, rss in verdicts:
    lines.append(f"| {LABELS[name]} at {large:,}: <= 15 ms | {ms(last)} ms | {verdict(last <= 15)} |")
    lines.append(f"| {LABELS[name]}: <= 1.2x the {small:,} figure | {last / first:.2f}x | {verdict(last / first <= 1.2)} |")
if vault_small and vault_large:
    lines.append(f"| `item price` at 2,000 items: <= 1.2x its time at 500 items | {vault_large / vault_small:.2f}x | {verdict(vault_large / vault_small <= 1.2)} |")
for name in MUTATIONS:
    _, rss = load(name, large)
    if rss and hello_full_rss:
        lines.append(f"| peak RSS of {LABELS[name]}: <= 1.5x the hello-world's linked the same way | {rss / hello_full_rss:.2f}x "
                     f"({rss / hello_static_rss:.2f}x the static-stdlib one) | {verdict(rss / hello_full_rss <= 1.5)} |")
for name in ["insights-month", "insights-category"]:
    value, _ = load(name, large)
    if not value:
        continue
    lines.append(f"| {LABELS[name]} at {large:,}: <= 50 ms | {ms(value)} ms | {verdict(value <= 50)} |")
    if ledger:
        lines.append(f"| {LABELS[name]} >= 10x faster than `ledger -M reg` | {ledger / value:.1f}x | {verdict(ledger / value >= 10)} |")
    if hledger:
        lines.append(f"| {LABELS[name]} >= 40x faster than `hledger bal -M` | {hledger / value:.1f}x | {verdict(hledger / value >= 40)} |")
# Issue #16: one item's price history reads that item through the spending cache's index.
prices, _ = load("prices", large)
if prices:
    lines.append(f"| {LABELS['prices']} at {large:,}: <= 15 ms | {ms(prices)} ms | {verdict(prices <= 15)} |")
imported, _ = load("import", large)
if imported:
    lines.append(f"| import of {large:,} CSV rows: <= 3 s | {imported / 1000:.2f} s | {verdict(imported <= 3000)} |")
lines += ["", "## Rerun", "", "```sh", "bench/run.sh                 # all sizes; about ten minutes", "bench/run.sh 1000 10000       # smaller sizes only",
          "BENCH_RUNS=20 bench/run.sh    # more runs per command",
          "bench/order.sh               # regenerate the link order (callgrind over the same commands), then commit it", "```", "",
          "They install hyperfine, ledger, hledger, taskwarrior, GNU time and valgrind from Debian's packages when missing, and keeps its data in "
          "`bench/.data/` (ignored by git)."]
notes = os.path.join(os.path.dirname(os.path.abspath(__file__)), "analysis.md")
if os.path.exists(notes):
    lines += ["", open(notes).read().strip()]
open(output, "w").write("\n".join(lines) + "\n")
