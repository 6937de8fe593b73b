#!/usr/bin/env python3
"""Writes the linker's symbol order for the shipped binary (App/grock/symbol-order.txt).

Usage: symbol_order.py LINK_MAP CALLGRIND_DIR OUTPUT

The kernel maps a program's code 64 KiB at a time around each page it runs (fault-around), so
a command's resident memory is mostly the windows its functions happen to fall in. Listing the
functions that everyday commands run makes lld place them together at the start of .text.

LINK_MAP is lld's -Map output of a build with function sections; CALLGRIND_DIR holds
callgrind.out files (run with --demangle=no) of the commands, in the order they ran. Functions
that share a big input section (whole-module objects of the Swift libraries) cannot be split: one
symbol of each such section goes last, so that they do not break up the small ones.
"""
import glob
import re
import sys

BIG = 16 * 1024
VARIANT = re.compile(r"^(__[a-z]+)_(?:avx|evex|sse|erms|ssse)")


def sections(link_map):
    """The input sections each .text symbol is defined in: {symbol: {(section id, size)}}.
    A local name (a merged thunk, say) can be defined in many objects."""
    owner, section, size, output = {}, None, 0, None
    for line in open(link_map, errors="replace"):
        parts = line.split(None, 5)
        if len(parts) < 5 or not re.fullmatch(r"[0-9a-f]+", parts[0]):
            continue
        name = parts[4].strip()
        if name.startswith(".") and ":(" not in name:
            output = name
        elif output != ".text":
            continue
        elif ":(" in name:
            section, size = name, int(parts[2], 16)
        elif section is not None:
            owner.setdefault(name, set()).add((section, size))
    return owner


def executed(directory):
    """Function names that the commands ran: those run by more commands first (start-up and
    the shared paths), then by when callgrind first saw them, which groups each command's own."""
    first, runs = {}, {}
    files = sorted(glob.glob(directory + "/callgrind.out.*"), key=lambda f: int(f.rsplit(".", 1)[1]))
    for path in files:
        names = set()
        for line in open(path, errors="replace"):
            match = re.match(r"^c?fn=\(\d+\) (.+)$", line.rstrip("\n"))
            if match and not match.group(1).startswith("0x"):
                names.add(match.group(1))
                first.setdefault(match.group(1), len(first))
        for name in names:
            runs[name] = runs.get(name, 0) + 1
    return sorted(first, key=lambda name: (-runs[name], first[name]))


def main():
    link_map, directory, output = sys.argv[1:4]
    owner = sections(link_map)
    small, big, placed = [], [], set()
    for symbol in executed(directory):
        places = owner.get(symbol, set())
        # Naming a symbol moves every section defining it: a name also defined in a big
        # section may not be the copy that ran, and would drag all of that section along.
        if len(places) != 1 and any(size > BIG for _, size in places):
            continue
        new = {place for place in places if place[0] not in placed}
        if not new:
            continue
        placed.update(section for section, _ in new)
        (small if all(size <= BIG for _, size in new) else big).append(symbol)
    # Valgrind's CPU picks other variants of glibc's string functions (avx2 for evex, say)
    # than the machine will: every variant of those goes with the small ones.
    bases = {match.group(1) for symbol in small if (match := VARIANT.match(symbol))}
    small += sorted(symbol for symbol in owner if (match := VARIANT.match(symbol)) and match.group(1) in bases
                    and symbol not in small)
    with open(output, "w") as out:
        out.write("\n".join(small + big) + "\n")
    print(f"{len(small)} small and {len(big)} big sections ordered")


if __name__ == "__main__":
    main()
