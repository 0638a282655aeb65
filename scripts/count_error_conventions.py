#!/usr/bin/env python3
"""The five measures of the error convention, per folder of the library code.

  return -1    `return -1;` in a .c file: a failure without a status
  return NAN   `return NAN;` in a .c file: a failure hidden in a number (some are a legitimate
               "no value", e.g. no progress estimate yet; the measure counts them all)
  err/errlen   parameter pairs `char *...err..., size_t ...` in .c and .h files (declarations and
               definitions): a message buffer passed by hand instead of a CbError
  %.NNs        precision-limited `%s` conversions in .c files: a text cut to fit a buffer
  path buf     `char NAME[SIZE]` with path, file or dir in NAME, in .c files: a path whose room
               is guessed by hand instead of made by cb_path

Usage: python3 scripts/count_error_conventions.py [ROOT] [--total]
Library code: models/, integrators/, harness/ (tests, scripts and fuzz are not counted). The
folder is the first two path parts (harness/common, integrators/cenic, models/contact, ...); a
file directly in a top folder counts under the top folder.
"""
import os
import re
import sys

TOPS = ("models", "integrators", "harness")
MEASURES = (
    ("return -1", re.compile(r"\breturn -1;"), (".c",)),
    ("return NAN", re.compile(r"\breturn NAN;"), (".c",)),
    ("err/errlen", re.compile(r"char \*\w*err\w*, size_t \w+"), (".c", ".h")),
    ("%.NNs", re.compile(r"%\.[0-9]+s"), (".c",)),
    ("path buf", re.compile(r"\bchar \w*(?:path|file|dir)\w*\s*\[[^\]]+\]"), (".c",)),
)


def folder_of(rel):
    parts = rel.split(os.sep)
    return os.sep.join(parts[:2]) if len(parts) > 2 else parts[0]


def count(root):
    table = {}
    for top in TOPS:
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in sorted(files):
                if not name.endswith((".c", ".h")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                with open(path, encoding="utf-8", errors="replace") as f:
                    text = f.read()
                row = table.setdefault(folder_of(rel), [0] * len(MEASURES))
                for i, (_, rx, exts) in enumerate(MEASURES):
                    if name.endswith(exts):
                        row[i] += len(rx.findall(text))
    return table


def main(argv):
    root = next((a for a in argv if not a.startswith("--")), ".")
    table = count(root)
    widths = [max(len(m[0]), 5) for m in MEASURES]
    head = "%-24s" % "folder" + "".join(" %*s" % (w, m[0]) for w, m in zip(widths, MEASURES))
    total = [0] * len(MEASURES)
    lines = []
    for folder in sorted(table):
        row = table[folder]
        total = [a + b for a, b in zip(total, row)]
        if any(row):
            lines.append("%-24s" % folder + "".join(" %*d" % (w, v) for w, v in zip(widths, row)))
    tot = "%-24s" % "total" + "".join(" %*d" % (w, v) for w, v in zip(widths, total))
    if "--total" in argv:
        print(head)
        print(tot)
        return 0
    print(head)
    print("\n".join(lines))
    print(tot)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
