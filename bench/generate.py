#!/usr/bin/env python3
"""Seeded generator of a realistic Grock purchase history, for the benchmarks.

Writes into OUT_DIR:
  vault.json        a Grock backup holding the vault only: 8 stores, 20 categories, 2,000 items
                    priced at several stores (restored into every fresh data directory, so every
                    size has the same vault);
  history-N.csv     N purchase lines in Grock's CSV import format, for N in the sizes asked for:
                    trips of 10-40 lines, every 2-3 days over 10 years, prices drifting ~2 %/year
                    with promotions (10 % of lines at 70-85 % of the price);
  trip-N.csv        with --one-trip: one trip of N lines, each a different new item, for the scale
                    checks of a single large trip (its import, and `cart show` once reopened);
  items-N.json      with --items: a backup like vault.json with a vault of N items (the first
                    items of the 2,000, so that `Dairy item 0001` is in every one), for the
                    checks that a change costs what it changes, not the vault's size.
Usage: generate.py OUT_DIR [SIZE ...]   (default sizes: 1000 10000 100000)
       generate.py OUT_DIR --one-trip N ...
       generate.py OUT_DIR --items N ...
"""
import datetime
import json
import random
import sys

SEED = 20261121
STORES = ["Aldi", "Lidl", "Rewe", "Edeka", "Penny", "Netto", "Kaufland", "Market Hall"]
CATEGORIES = ["Produce", "Dairy", "Meat & Fish", "Bakery", "Pantry", "Frozen", "Beverages", "Snacks", "Household",
              "Personal Care", "Baby", "Pets", "Spices", "Breakfast", "Deli", "Organic", "International", "Sweets",
              "Canned", "Drugstore"]
UNITS = ["each"] * 6 + ["kg", "kg", "l", "pack"]
START = datetime.date(2016, 1, 4)
YEARS = 10


def catalogue(rng, count=2000):
    items = []
    for index in range(count):
        unit = rng.choice(UNITS)
        base = round(rng.uniform(0.25, 12.0), 2) if unit != "kg" else round(rng.uniform(0.9, 25.0), 2)
        stores = rng.sample(range(len(STORES)), rng.randint(2, 5))
        items.append({"name": f"{CATEGORIES[index % 20].split()[0]} item {index:04d}", "category": index % 20, "unit": unit,
                      "base": base, "stores": stores, "factor": {s: rng.uniform(0.9, 1.12) for s in stores}})
    return items


def vault(items, path):
    def hexid(prefix, n):
        return f"{prefix}{n:015x}"
    stamp = "2026-01-01T10:00:00+01:00"
    document = {
        "format": "grock-backup", "schema": 1,
        "settings": {"currency": "EUR", "isSetUp": True},
        "stores": [{"id": hexid("a", i), "name": name, "createdAt": stamp, "aisleOrder": [], "removed": False}
                   for i, name in enumerate(STORES)],
        "categories": [{"id": hexid("c", i), "name": name, "sortOrder": i} for i, name in enumerate(CATEGORIES)],
        "items": [{"id": hexid("b", i), "name": item["name"], "categoryId": hexid("c", item["category"]), "unit": item["unit"],
                   "prices": [{"storeId": hexid("a", s), "unit": item["unit"], "promotion": None,
                               "regular": {"price": int(round(item["base"] * item["factor"][s] * 1.22 * 100)), "observedAt": stamp}}
                              for s in sorted(item["stores"])]}
                  for i, item in enumerate(items)],
        "carts": [], "completedCarts": [], "observations": [],
    }
    with open(path, "w") as out:
        json.dump(document, out, indent=1, sort_keys=True)


def history(items, size, path):
    rng = random.Random(SEED + size)
    rows = ["date,trip,store,category,item,quantity,unit,price,currency"]
    days = YEARS * 365
    trips_needed = max(1, size // 25)
    trip = 0
    while len(rows) - 1 < size:
        day = START + datetime.timedelta(days=trip * days // trips_needed)
        store = rng.randrange(len(STORES))
        drift = 1.02 ** ((day - START).days / 365)
        count = min(rng.randint(10, 40), size - (len(rows) - 1))
        for item in rng.sample(items, count):
            shop = store if store in item["stores"] else rng.choice(item["stores"])
            price = item["base"] * item["factor"][shop] * drift
            if rng.random() < 0.1:
                price *= rng.uniform(0.70, 0.85)
            quantity = "1" if item["unit"] in ("each", "pack") else f"{rng.uniform(0.2, 2.5):.3f}"
            rows.append(f"{day.isoformat()},Trip {trip:05d},{STORES[shop]},{CATEGORIES[item['category']]},{item['name']},"
                        f"{quantity},{item['unit']},{price:.2f},EUR")
        trip += 1
    with open(path, "w") as out:
        out.write("\n".join(rows) + "\n")


def one_trip(size, path):
    rng = random.Random(SEED + size)
    with open(path, "w") as out:
        out.write("date,trip,store,category,item,quantity,unit,price,currency\n")
        for line in range(size):
            out.write(f"2026-03-02,Big trip,{rng.choice(STORES)},{CATEGORIES[line % len(CATEGORIES)]},Item {line:06d},"
                      f"{rng.randint(1, 3)},each,{rng.uniform(0.25, 12.0):.2f},EUR\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    if sys.argv[2:3] == ["--one-trip"]:
        for size in sys.argv[3:]:
            one_trip(int(size), f"{out}/trip-{size}.csv")
        return
    if sys.argv[2:3] == ["--items"]:
        for count in sys.argv[3:]:
            vault(catalogue(random.Random(SEED), int(count)), f"{out}/items-{count}.json")
        return
    sizes = [int(s) for s in sys.argv[2:]] or [1000, 10000, 100000]
    items = catalogue(random.Random(SEED))
    vault(items, f"{out}/vault.json")
    for size in sizes:
        history(items, size, f"{out}/history-{size}.csv")


if __name__ == "__main__":
    main()
