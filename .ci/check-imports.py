#!/usr/bin/env python3
"""Fails when a target imports a module of this package it does not declare as a dependency.

A shared .build lets an undeclared module through whenever it happens to be built first, so a
fresh clone's build fails, or not, by build order; this finds it before the build does.
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
if not targets:
    problems.append("Package.swift: no targets found")
for problem in problems:
    print(problem, file=sys.stderr)
sys.exit(1 if problems else 0)
