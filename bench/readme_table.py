#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""README.md's tables of what tpstat costs, written from
bench/results.md: for each kernel's section, the medians of the empty
probes, counting only and every view on the UDP and TCP round trips;
then, for each target, in how many cells it was met, missed or
unresolved.

  bench/readme_table.py bench/results.md README.md
"""
import re
import sys

HEADER = "| kernel | empty probes | counting only | every view |"
TARGETS_HEADER = ("| target | limit: x86-64 / arm64 / 32-bit ARM "
                  "| met | missed | unresolved |")
ROWS = ("floor (empty probes)", "tpstat, counting only", "tpstat, every view")
ARCHES = (("-amd64", "x86-64"), ("-arm64", "arm64"), ("-armmp", "32-bit ARM"))


def kernel_label(release):
    """'6.12.117+deb12-amd64' -> '6.12, x86-64'."""
    version = re.match(r"(\d+\.\d+)", release).group(1)
    for suffix, arch in ARCHES:
        if release.endswith(suffix):
            return f"{version}, {arch}"
    return f"{version}, {release}"


def median(cell):
    """The median of a results.md cell, or 'unresolved'."""
    cell = cell.strip()
    return "unresolved" if cell.startswith("unresolved") else cell.split(" ")[0]


def read_sections(path):
    """[(label, {row: (udp, tcp)})] in the order results.md has them."""
    sections = []
    for line in open(path, encoding="utf-8"):
        m = re.match(r"## Linux (\S+)$", line)
        if m:
            sections.append((kernel_label(m.group(1)), {}))
            continue
        if not line.startswith("|") or not sections:
            continue
        cells = line.strip().strip("|").split("|")
        name = cells[0].strip()
        if name in ROWS and name not in sections[-1][1]:
            sections[-1][1][name] = (median(cells[1]), median(cells[2]))
    return [s for s in sections if all(r in s[1] for r in ROWS)]


def read_targets(path):
    """[(target, limits, met, missed, unresolved)] from results.md's
    Targets; limits: each architecture's limit as its rows state it."""
    targets, inside = [], False
    for line in open(path, encoding="utf-8"):
        if line.startswith("## "):
            inside = line.strip() == "## Targets"
            continue
        if not inside:
            continue
        m = re.match(r"\*\*(.+)\*\*$", line.strip())
        if m:
            targets.append([m.group(1), {}, 0, 0, 0])
        elif line.startswith("|") and targets and not line.startswith("|---"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if cells[0] == "kernel":
                continue
            if cells[1].startswith("≤") or cells[1] == "none":
                arch = kernel_label(cells[0]).split(", ")[1]
                targets[-1][1][arch] = cells[1].replace("≤ ", "")
                cells = cells[1:]
            for cell in cells[1:]:
                for i, word in enumerate(("met", "**missed**", "unresolved")):
                    if cell.startswith(word):
                        targets[-1][2 + i] += 1
    return [t for t in targets if sum(t[2:])]


def limits(by_arch):
    """'+2.5 ns / +10 ns / +13.5 ns', '–' for an architecture that ran
    none of it or has no limit there; '–' alone when the name says it."""
    if not by_arch:
        return "–"
    return " / ".join(by_arch.get(a, "–").replace("none", "–")
                      for _, a in ARCHES)


def replace_table(lines, header, table):
    """@table in place of the one @lines has under @header."""
    try:
        start = lines.index(header)
    except ValueError:
        sys.exit(f"readme_table.py: no table '{header}' in the README")
    end = start
    while end < len(lines) and lines[end].startswith("|"):
        end += 1
    lines[start:end] = table


def main():
    results, readme = sys.argv[1], sys.argv[2]
    table = [HEADER, "|---|---:|---:|---:|"]
    for label, rows in read_sections(results):
        table.append(f"| {label} | " +
                     " | ".join(" / ".join(rows[r]) for r in ROWS) + " |")
    lines = open(readme, encoding="utf-8").read().split("\n")
    replace_table(lines, HEADER, table)
    table = [TARGETS_HEADER, "|---|---|---:|---:|---:|"]
    for name, by_arch, met, missed, unresolved in read_targets(results):
        table.append(f"| {name} | {limits(by_arch)} | {met} | {missed} | "
                     f"{unresolved} |")
    replace_table(lines, TARGETS_HEADER, table)
    with open(readme, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
