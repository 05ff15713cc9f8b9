# SPDX-License-Identifier: GPL-2.0
"""A section of bench/results.md written in place: the reports that make
one section each (netns_report.py, recorder_report.py) replace theirs,
found by its title, and keep the rest of the file."""


def write_into(path, title, text):
    """@text, a section starting with the line @title, in place of the
    one @path has (up to the next "## "), or appended."""
    with open(path) as f:
        lines = f.read().split("\n")
    try:
        start = lines.index(title)
        end = next((i for i in range(start + 1, len(lines))
                    if lines[i].startswith("## ")), len(lines))
        lines[start:end] = text.rstrip("\n").split("\n") + [""]
    except ValueError:
        if lines and lines[-1] == "":
            lines.pop()
        lines += [""] + text.rstrip("\n").split("\n")
    with open(path, "w") as f:
        f.write("\n".join(lines).rstrip("\n") + "\n")
