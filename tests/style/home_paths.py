#!/usr/bin/env python3
"""Fails when a document or a comment names a developer's home folder.

A command in the docs is one a reader can run from a checkout: a build or a match folder in
one developer's home names a folder on one machine of one wave, gone with it, and tells the
reader neither what the file was nor how to make it again. Builds are named by commit (`tools/match/build.sh REV`
makes `target/revs/outpost-REV`), work folders live under `target/`, tools outside the
repository are named by a variable (`$FASTCHESS`, docs/testing.md). This reads what
comment_paths.py reads (every `*.md` file whole, the comments of `*.rs`, `*.py` and `*.sh`
files) and prints `file:line: text` for each home folder it finds (a tilde and a slash, the
HOME variable, root's home or a user's under the home root). Exit status 1 if there is any.

    python3 tests/style/home_paths.py          # the repository this file is in
    python3 tests/style/home_paths.py DIR      # another tree (the self-test uses this)
"""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from comment_paths import URL, all_files, comment_lines, report, tree_root  # noqa: E402

# A home folder: a tilde and a slash, the HOME variable (bare or braced), root's home, a user's
# home. Written with character classes so that this line does not match itself.
HOME = re.compile(r"(?<![\w~])[~]/|[$][{]?HOME\b|(?<![\w.])/(?:roo[t]|hom[e]/[\w.-]+)/")


def home_folders(root):
    """(file, line, text) for every line naming a home folder, in file order."""
    problems = []
    for rel in all_files(root):
        if not rel.endswith((".rs", ".md", ".py", ".sh")):
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for number, line in comment_lines(rel, text):
            if HOME.search(URL.sub("", line)):
                problems.append((rel, number, line.strip()))
    return problems


def main(argv):
    return report(
        home_folders(tree_root(argv)),
        lambda rel, number, text: f"{rel}:{number}: names a home folder: {text}",
        "line(s) name a home folder",
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv))
