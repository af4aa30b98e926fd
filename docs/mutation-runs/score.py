#!/usr/bin/env python3
"""The source-mutation score of CountMeCore as it is at HEAD, from the runs kept here.

Each `<commit>.json` here is a `mutate.py run` made on a clone at that commit (the gate judging
each mutant is that commit's). A run stays valid for the lines of CountMeCore that have not changed
since its commit, so this script takes every candidate `mutate.py list` finds at HEAD, finds the
newest run whose commit holds that line unchanged, and takes that run's result for the same
mutation on that line. A candidate no run covers is reported as not run.

Survivors argued equivalent are listed in `equivalent.json` as {"<commit>:<id>": "why"}; the
score is killed / (candidates run - build failures - equivalent), where a mutant the gate detects
by a crash or a timeout counts as killed.

`mutate.py` judges a release build, where an out-of-bounds read through an unsafe buffer pointer is
not checked. A mutant whose only effect is such a read survives it, though it is not equivalent:
`swift test` and the fuzz targets (debug builds, bounds-checked, the targets under AddressSanitizer)
trap on it. Such survivors are listed in `debug-kills.json` as {"<commit>:<id>": "the input, and
what traps"}, each seen by hand, and count as killed ("killed in a debug build").

    python3 docs/mutation-runs/score.py [--mutate ../shared/tools/mutate.py] [--markdown | --ids]
"""

import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True).stdout


def changed_lines(commit, path):
    """HEAD's line numbers changed since `commit`, and a map of the others to `commit`'s lines."""
    diff = git("diff", "-U0", commit, "HEAD", "--", path)
    hunks = [tuple(int(x or 1) for x in m.groups()) for m in
             re.finditer(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", diff, re.M)]
    # With -U0 a count of 0 is written ",0"; int("0" or 1) keeps it 0, a missing count means 1.
    changed, shifts = set(), []
    for old_start, old_count, new_start, new_count in hunks:
        changed.update(range(new_start, new_start + new_count))
        shifts.append((new_start + new_count if new_count else new_start + 1, old_count - new_count))

    def old_line(n):
        return n + sum(delta for end, delta in shifts if end <= n)

    return changed, old_line


def load_mutate(path):
    if not os.path.isfile(path):
        print(f"score.py: no mutate.py at {path}; pass --mutate PATH", file=sys.stderr)
        sys.exit(2)
    spec = importlib.util.spec_from_file_location("mutate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def runs():
    """The runs kept here, newest commit first."""
    found = []
    for name in os.listdir(HERE):
        if name.endswith(".json") and name not in ("equivalent.json", "debug-kills.json"):
            commit = name[:-5]
            order = int(git("rev-list", "--count", commit).strip())
            with open(os.path.join(HERE, name)) as f:
                found.append((order, commit, json.load(f)["mutants"]))
    return [(commit, mutants) for _, commit, mutants in sorted(found, reverse=True)]


def kind(verdict):
    if verdict.startswith(("killed", "timeout", "crash")):
        return "killed"
    return {"build failure": "build failure", "survived": "survived"}.get(verdict, "other")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--mutate", default=os.path.join(ROOT, "..", "shared", "tools", "mutate.py"))
    parser.add_argument("--markdown", action="store_true", help="the survivors as a Markdown table")
    parser.add_argument("--ids", action="store_true",
                        help="only HEAD's ids of the survivors not argued and the candidates not run, "
                        "comma-separated, for mutate.py run --only on a clone of HEAD")
    args = parser.parse_args()
    mutate = load_mutate(args.mutate)
    with open(os.path.join(HERE, "equivalent.json")) as f:
        equivalent = json.load(f)
    with open(os.path.join(HERE, "debug-kills.json")) as f:
        debug_kills = json.load(f)

    head = mutate.candidates(ROOT)
    kept = runs()
    # Per run: results by (file, line, operator, mutation, replacement), in id order.
    # A run at a commit whose CountMeCore is HEAD's has HEAD's ids: its results are matched by id, so
    # a partial run that took the second of two identical mutations of a line is not read as the
    # first's. Other runs are matched by line and mutation: the n-th of identical mutations of a line
    # at HEAD to the n-th the run took (a run older than HEAD's CountMeCore took them all).
    results = []
    for commit, mutants in kept:
        by_key = {}
        for m in sorted(mutants, key=lambda m: (m["file"], int(m["id"][1:]))):
            by_key.setdefault((m["file"], m["line"], m["operator"], m["mutation"], m["replacement"]), []).append(m)
        same_core = not git("diff", "--name-only", commit, "HEAD", "--", "Sources/CountMeCore").strip()
        by_id = {m["id"]: m for m in mutants} if same_core else None
        results.append((commit, by_key, {}, by_id))

    tally = {"killed": 0, "build failure": 0, "survived": 0, "equivalent": 0, "other": 0, "not run": 0}
    survivors, debug_killed, not_run = [], [], []
    # Each candidate's place among HEAD's identical mutations of its line (0 for the first).
    ordinal, seen = {}, {}
    for c in head:
        key = (c["file"], c["line"], c["operator"], c["mutation"], c["replacement"])
        ordinal[c["id"]] = seen.get(key, 0)
        seen[key] = ordinal[c["id"]] + 1
    for c in head:
        for commit, by_key, diffs, by_id in results:
            m = None
            if by_id is not None:
                m = by_id.get(c["id"])
            else:
                if c["file"] not in diffs:
                    diffs[c["file"]] = changed_lines(commit, c["file"])
                changed, old_line = diffs[c["file"]]
                if c["line"] in changed:
                    continue
                key = (c["file"], old_line(c["line"]), c["operator"], c["mutation"], c["replacement"])
                same = by_key.get(key, [])
                if ordinal[c["id"]] < len(same):
                    m = same[ordinal[c["id"]]]
            if m is None:
                # This run did not take this candidate (a partial run): older runs may have.
                continue
            outcome = kind(m["verdict"])
            label = f"{commit}:{m['id']}"
            if outcome == "survived" and label in equivalent:
                outcome = "equivalent"
            if outcome == "survived" and label in debug_kills:
                outcome = "killed"
                debug_killed.append((label, m, debug_kills[label]))
            tally[outcome] += 1
            if outcome in ("survived", "equivalent"):
                survivors.append((label, m, equivalent.get(label), c["id"]))
            break
        else:
            tally["not run"] += 1
            not_run.append(c)

    if args.ids:
        print(",".join([s[3] for s in survivors if s[2] is None] + [c["id"] for c in not_run]))
        return 0
    judged = tally["killed"] + tally["survived"]
    print(f"CountMeCore at {git('rev-parse', '--short', 'HEAD').strip()}: {len(head)} candidates; runs "
          + ", ".join(f"{commit} ({len(mutants)})" for commit, mutants in kept))
    print(f"killed {tally['killed']} (crashes, timeouts and {len(debug_killed)} in a debug build included), build failures {tally['build failure']}, "
          f"equivalent {tally['equivalent']}, survived {tally['survived']}, not run {tally['not run']}")
    if judged:
        print(f"score: {tally['killed']} of {judged} ({100 * tally['killed'] // judged} %)")
    if args.markdown:
        print("\n| run:id | where | mutation | why it is equivalent |\n| --- | --- | --- | --- |")
        for label, m, why, _ in sorted(survivors, key=lambda s: (s[1]["file"], s[1]["line"])):
            where = f"`{m['file'].split('/', 2)[2]}:{m['line']}`"
            print(f"| {label} | {where} | {m['operator']} {m['mutation']} | {why or '**not argued**'} |")
        if debug_killed:
            print("\nSurvivors of the release build killed in a debug build (`debug-kills.json`): not"
                  " equivalent, but an out-of-bounds read a release build does not check.\n")
            print("| run:id | where | mutation | what traps |\n| --- | --- | --- | --- |")
            for label, m, how in sorted(debug_killed, key=lambda s: (s[1]["file"], s[1]["line"])):
                where = f"`{m['file'].split('/', 2)[2]}:{m['line']}`"
                print(f"| {label} | {where} | {m['operator']} {m['mutation']} | {how} |")
    else:
        for label, m, why, _ in survivors:
            if why is None:
                print(f"survivor not argued: {label} {m['file']}:{m['line']} {m['mutation']}")
    if not_run:
        print(f"{len(not_run)} candidates not run yet, first: "
              + ", ".join(f"{c['id']} {c['file'].split('/', 2)[2]}:{c['line']}" for c in not_run[:5]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
