#!/usr/bin/env python3
"""Every doc comment's abstract (its first paragraph) is at most 150 characters (STYLE.md).

Reads every Swift file under Sources and Generators; prints each abstract past the bar with its
file and line, and exits 1 if there is one.
"""
import os
import re
import sys

LIMIT = 150
ROOTS = ["Sources", "Generators"]
DOC = re.compile(r"^\s*///")


def abstracts(path):
    """(line, text) of each doc comment's first paragraph in the file at `path`."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        if not DOC.match(lines[i]):
            i += 1
            continue
        start, words = i, []
        while i < len(lines) and DOC.match(lines[i]):
            text = re.sub(r"^\s*/// ?", "", lines[i]).strip()
            if not text:
                break
            words.append(text)
            i += 1
        yield start + 1, " ".join(words)
        while i < len(lines) and DOC.match(lines[i]):
            i += 1


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    long = 0
    for top in ROOTS:
        for folder, _, files in sorted(os.walk(os.path.join(root, top))):
            for name in sorted(files):
                if not name.endswith(".swift"):
                    continue
                path = os.path.join(folder, name)
                for line, text in abstracts(path):
                    if len(text) > LIMIT:
                        long += 1
                        print(f"{os.path.relpath(path, root)}:{line}: doc abstract of {len(text)} characters, "
                              f"past {LIMIT}: one short sentence, then a paragraph")
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
