#!/usr/bin/env bash
# Times parsing and matching a 40-line receipt against a vault of 500 items (docs/RECEIPTS.md):
# compiles Domain's sources with bench/receipts/main.swift into one optimised program and runs
# it. Not part of swift test or CI. Usage: bench/receipts.sh [VAULT SIZE]
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build/receipt-bench
mkdir -p .build
swiftc -O -wmo -package-name grock -module-name ReceiptBench $(find Domain -name '*.swift') bench/receipts/main.swift -o "$out"
"$out" "$@"
