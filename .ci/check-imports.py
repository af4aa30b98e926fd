#!/usr/bin/env python3
"""Fails when a target imports a module of this package it does not declare as a dependency, or
depends (directly or through others) on a module its layer must not know.

A shared .build lets an undeclared module through whenever it happens to be built first, so a
fresh clone's build fails, or not, by build order; this finds it before the build does. The layers
are docs/architecture.md's: the generic engine knows nothing of CountMe, and the worlds nothing of
the catalog.
"""
import glob
import os
import re
import sys

os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
package = open("Package.swift").read()
targets = {}
for match in re.finditer(
    r'\.(?:target|testTarget|executableTarget)\(\s*name:\s*"([^"]+)"(.*?)\)(?=,\s*\n\s*(?://|\.|\]))',
    package, re.S):
    listed = re.search(r'dependencies:\s*\[(.*?)\]', match.group(2), re.S)
    targets[match.group(1)] = set(re.findall(r'"([^"]+)"', listed.group(1))) if listed else set()
path = re.compile(r'\.(?:target|testTarget|executableTarget)\(\s*name:\s*"([^"]+)"[^)]*?path:\s*"([^"]+)"', re.S)
folders = {name: folder for name, folder in path.findall(package)}
problems = []
for name, declared in sorted(targets.items()):
    folder = folders.get(name) or (f"Sources/{name}" if os.path.isdir(f"Sources/{name}") else f"Tests/{name}")
    for file in sorted(glob.glob(f"{folder}/**/*.swift", recursive=True)):
        for module in re.findall(r'^(?:@testable |@_exported )?import (\w+)', open(file).read(), re.M):
            if module in targets and module != name and module not in declared:
                problems.append(f"{file}: imports {module}, which target {name} does not depend on")
# Each layer's targets, and every module of this package they may reach.
LAYERS = {
    "the generic engine": (["Generators", "PropertyHarness", "GeneratorsTests", "PropertyHarnessTests"],
                           {"Generators", "PropertyHarness", "JSONValues"}),
    # The real Firestore implements CountMeCore's CloudStore over REST: nothing of the engine, the
    # generators, the contract or the fake.
    "the Firestore client": (["FirestoreCloud"], {"CountMeCore", "JSONValues"}),
    # The worlds drive a system and record what happened; they never reach the catalog, the
    # mutants or the command.
    "the worlds": (["CountMeWorlds"],
                   {"PropertyHarness", "Generators", "CountMeGenerators", "CloudFake", "FirestoreCloud",
                    "CountMeContract", "CountMeCore", "JSONValues"}),
}
def reach(name, seen=None):
    seen = set() if seen is None else seen
    for module in targets.get(name, ()):
        if module in targets and module not in seen:
            seen.add(module)
            reach(module, seen)
    return seen
for layer, (members, allowed) in LAYERS.items():
    for name in members:
        for module in sorted(reach(name) - allowed - {name}):
            problems.append(f"Package.swift: {name}, in {layer}, depends on {module}")
if not targets:
    problems.append("Package.swift: no targets found")
for problem in problems:
    print(problem, file=sys.stderr)
sys.exit(1 if problems else 0)
