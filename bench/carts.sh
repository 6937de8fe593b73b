# Sourced by run.sh and order.sh: the carts every benchmarked data directory has.
# Usage: add_bench_carts GROCK_COMMAND   (e.g. "grock --data-dir DIR")
add_bench_carts() {
  local g=$1
  local words=(Produce Dairy Meat Bakery Pantry Frozen Beverages Snacks Household Personal Baby Pets Spices Breakfast Deli Organic
               International Sweets Canned Drugstore)
  local items=()
  for i in $(seq 1 30); do local n=$((i * 61)); items+=(--item "${words[$((n % 20))]} item $(printf %04d $n)"); done
  $g cart new Bench --budget 150 "${items[@]}" >/dev/null
  $g cart new Shop --item "Dairy item 0001" --item "Bakery item 0003" --item "Pantry item 0004" >/dev/null
  $g trip start Shop >/dev/null
}
