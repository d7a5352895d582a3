#!/usr/bin/env python3
"""Kibitzer's tree against a tree-sitter grammar's, file by file.

For every file Kibitzer reads without a syntax error, the tree-sitter grammar must give a tree
with no ERROR or MISSING node and the same number of each unit Kibitzer's tree has (PBN: games,
tag pairs, sections; RBN: records, fields and note lines; LIN: boards and pairs). Files in UTF-16 are left
out: tree-sitter reads UTF-8, Kibitzer decodes first.

usage: tree_sitter_agreement.py KIBITZER TREE_SITTER GRAMMAR_DIR NOTATION FILE...
"""
import os
import re
import subprocess
import sys

# Kibitzer's node kinds and the grammar's, unit by unit.
UNITS = {
    "pbn": [("games", r"^\s*GAME@", "game"), ("tag pairs", r"^\s*TAG_PAIR@", "tag_pair"),
            ("sections", r"^\s*[A-Z]+_SECTION@", "section")],
    "rbn": [("records", r"^\s*RECORD@", "record"), ("fields", r"^\s*FIELD@", "field"),
            ("notes", r"^\s*NOTE@", "note")],
    "lin": [("boards", r"^\s*BOARD@", "board"), ("pairs", r"^\s*PAIR@", "pair")],
}


def children_per_top_node(lines, top, child):
    """How many `child` nodes each top-level node of a printed tree holds, in order: the
    grouping of LIN's pairs into header and boards."""
    out = []
    for line in lines:
        if re.match(r"^  " + top, line):
            out.append(0)
        elif out and re.match(r"^    " + child, line):
            out[-1] += 1
    return out


def kibitzer_counts(kibitzer, path, notation):
    dump = subprocess.run([kibitzer, "parse", path], capture_output=True, check=True).stdout.decode()
    errors = [line for line in dump.splitlines() if line.startswith("error ")]
    counts = {name: len(re.findall(pattern, dump, re.M)) for name, pattern, _ in UNITS[notation]}
    if notation == "lin":
        counts["pairs per board"] = children_per_top_node(dump.splitlines(), "(HEADER|BOARD)@", "PAIR@")
    return counts, errors


def header_deals(out, path):
    """Whether a LIN file's header (the pairs before the first `qx|` or board line) deals cards
    or plays: Kibitzer then reads it as a board (a one-board file needs no `qx|`)."""
    found = re.search(r"\(header \[(\d+), (\d+)\] - \[(\d+), (\d+)\]", out)
    if not found:
        return False
    r1, c1, r2, c2 = map(int, found.groups())
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    text = b"\n".join(lines[r1:r2 + 1])
    text = text[c1:len(text) - (len(lines[r2]) - c2)] if r2 < len(lines) else text[c1:]
    return re.search(rb"(?i)(^|\|)\s*(md|pc)\|", text) is not None


def tree_sitter_counts(tree_sitter, grammar_dir, path, notation):
    # Run in the grammar's folder: the CLI builds the parser found there once and keeps it.
    out = subprocess.run([tree_sitter, "parse", os.path.abspath(path)], cwd=grammar_dir,
                         capture_output=True).stdout.decode("utf-8", "replace")
    counts = {name: len(re.findall(r"\(" + node + r"[ )]", out)) for name, _, node in UNITS[notation]}
    if notation == "lin":
        if header_deals(out, path):
            counts["boards"] += 1
        counts["pairs per board"] = children_per_top_node(out.splitlines(), r"\((header|board) ", r"\(pair ")
    broken = len(re.findall(r"\((ERROR|MISSING)", out))
    return counts, broken


def main():
    kibitzer, tree_sitter, grammar_dir, notation, *files = sys.argv[1:]
    compared = skipped = 0
    failures = []
    for path in files:
        with open(path, "rb") as f:
            head = f.read(2)
        if head in (b"\xff\xfe", b"\xfe\xff"):
            skipped += 1
            continue
        expected, errors = kibitzer_counts(kibitzer, path, notation)
        if errors:
            skipped += 1
            continue
        got, broken = tree_sitter_counts(tree_sitter, grammar_dir, path, notation)
        compared += 1
        if broken or got != expected:
            failures.append(f"{path}: Kibitzer {expected}, tree-sitter {got}, {broken} ERROR/MISSING nodes")
    print(f"{notation}: {compared} files compared, {len(failures)} disagree; {skipped} left out (syntax errors or UTF-16)")
    for failure in failures:
        print("  " + failure)
    if compared == 0:
        print(f"{notation}: no file compared")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
