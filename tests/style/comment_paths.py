#!/usr/bin/env python3
"""Fails when a comment or a document names a source file that does not exist.

Files get renamed and split; the comments and docs that point at them are easy to forget, and a
newcomer who follows one finds nothing. This reads the comments of every `*.rs`, `*.py` and
`*.sh` file and the whole text of every `*.md` file in the tree (not `target/`, `.venv/` or
`.git/`), picks out each name ending in `.rs`, `.py` or `.sh`, and prints `file:line: name` for
each one that resolves nowhere. Exit status 1 if there is any.

A name with a folder (`search/src/thread_pool.rs`) is looked up from the file's own folder,
from each folder above it up to the root of the tree (so from its crate and from the root),
and from the `src/` of each of those (a comment may name a file from its crate's `src/`, a
document a file of the crate it sits in). A bare name (`timeman.rs`) must be the name of some
file in the tree: a comment that still names a file since renamed or merged away fails. Names
in the shared folder beside the repository (`../shared/...`) are outside the tree and not
checked.

    python3 tests/style/comment_paths.py          # the repository this file is in
    python3 tests/style/comment_paths.py DIR      # another tree (the self-test uses this)
"""

import os
import re
import sys

SKIP_DIRS = {"target", ".venv", ".git", "__pycache__", "node_modules"}

# Names that legitimately refer to other projects' files, not ours: (where, name), each saying
# whose file it is. Keep this short; a name of ours that moved is fixed, not listed here.
ALLOWED = {
    # cozy-chess's perft example, copied into a scratch crate outside the repository to time it.
    ("docs/perft.md", "examples/perft.rs"),
    ("docs/perft.md", "src/main.rs"),
    ("tests/tools/perft_compare.py", "examples/perft.rs"),
    ("tests/tools/perft_compare.py", "src/main.rs"),
}

# The shared folder beside the repository (`../shared/...`, read from the root): outside the
# tree, and absent from a fresh clone, so its names are not checked here.
OUTSIDE = "../shared/"

# A name right after `--out`, or after a shell redirection, is a file a command is about to
# write, so it need not exist.
OUTPUT = re.compile(r"(?:--out[ =]|>\s*)$")

# A file name with an extension we check, optionally with folders before it. Folders may start
# with `..`, `.` or a word character; a name may not continue into another word (`foo.rsx`).
NAME = re.compile(r"(?<![\w/.-])((?:\.{1,2}/|[\w-]+/)*[\w-]+\.(?:rs|py|sh))(?![\w])")

# URLs name other sites' files: their paths are not ours to check.
URL = re.compile(r"\bhttps?://\S+")


def comment_lines(path, text):
    """(line number, comment text) for each line of `path` that has a comment worth reading.

    Markdown is all prose. Rust comments start at `//`; Python and shell comments at `#`, and a
    Python docstring line counts as a comment too (they document like comments do). Strings are
    not parsed: a `//` or `#` inside one is read as a comment, which at worst checks a name that
    did not need checking."""
    lines = text.split("\n")
    if path.endswith(".md"):
        return list(enumerate(lines, 1))
    out = []
    marker = "//" if path.endswith(".rs") else "#"
    in_doc = False
    for number, line in enumerate(lines, 1):
        if path.endswith(".py"):
            quotes = line.count('"""') + line.count("'''")
            if in_doc or quotes:
                out.append((number, line))
            if quotes % 2 == 1:
                in_doc = not in_doc
            if in_doc or quotes:
                continue
        at = line.find(marker)
        if path.endswith(".rs") and at < 0:
            at = line.find("/*")
        if at >= 0:
            out.append((number, line[at:]))
    return out


def all_files(root):
    """Every file path in the tree, relative to `root`, skipping build and tool folders."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
        for name in files:
            found.append(os.path.relpath(os.path.join(folder, name), root))
    return found


def resolves(root, folder, name, basenames):
    """Whether `name`, written in a file in `folder` (relative to root), names a file here."""
    if "/" not in name:
        return name in basenames
    parts = folder.split(os.sep) if folder else []
    bases = [os.path.join(root, *parts[:i]) for i in range(len(parts), -1, -1)]
    # And the `src/` of each of those folders: a comment may name a file from its crate's
    # `src/`, as `protocol/fuzz/README.md` names the protocol crate's sources.
    bases += [os.path.join(b, "src") for b in bases]
    return any(os.path.isfile(os.path.normpath(os.path.join(b, name))) for b in bases)


def missing(root):
    """(file, line, name) for every name that resolves nowhere, in file order."""
    files = all_files(root)
    basenames = {os.path.basename(f) for f in files}
    problems = []
    for rel in files:
        if not rel.endswith((".rs", ".md", ".py", ".sh")):
            continue
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as f:
            text = f.read()
        folder = os.path.dirname(rel)
        for number, line in comment_lines(rel, text):
            line = URL.sub("", line)
            for found in NAME.finditer(line):
                name = found.group(1)
                if (rel, name) in ALLOWED or name.startswith(OUTSIDE):
                    continue
                if OUTPUT.search(line[: found.start()]):
                    continue
                if not resolves(root, folder, name, basenames):
                    problems.append((rel, number, name))
    return problems


def tree_root(argv):
    """The tree a style check reads: its argument, or the repository this file is in."""
    here = os.path.dirname(os.path.abspath(__file__))
    return argv[1] if len(argv) > 1 else os.path.dirname(os.path.dirname(here))


def report(problems, describe, summary):
    """Prints a line per problem (`describe(*problem)`) and the count with `summary` on stderr;
    the exit status of a style check: 1 if there is any problem."""
    for problem in problems:
        print(describe(*problem))
    if problems:
        print(f"{len(problems)} {summary}", file=sys.stderr)
        return 1
    return 0


def main(argv):
    return report(
        missing(tree_root(argv)),
        lambda rel, number, name: f"{rel}:{number}: names {name}, which does not exist",
        "comment(s) name a file that does not exist",
    )


if __name__ == "__main__":
    sys.exit(main(sys.argv))
