"""Tests of the comment-path check (`comment_paths.py`): it must fail on a tree whose comments
name a file that is not there, pass on one whose names all resolve, and say where the bad name
is. File names in this test are built by concatenation so that the check, which reads this
file's comments and docstrings too, does not see them."""

import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from comment_paths import missing  # noqa: E402

CHECK = os.path.join(HERE, "comment_paths.py")
RS = ".rs"


def tree(files):
    """A temporary tree holding `files` (path -> text); the caller removes it."""
    root = tempfile.mkdtemp(prefix="comment-paths-")
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)
    return root


def run(root):
    return subprocess.run(
        [sys.executable, CHECK, root], capture_output=True, text=True, check=False
    )


class CommentPaths(unittest.TestCase):
    def setUp(self):
        # A small workspace: one crate with two sources and a doc beside it.
        self.files = {
            "Cargo.toml": "[workspace]\n",
            "search/Cargo.toml": "[package]\n",
            "search/src/lib.rs": "//! The search; threads in `thread_pool" + RS + "`.\n",
            "search/src/thread_pool" + RS: "// Beside `lib" + RS + "`.\nfn f() {}\n",
            "docs/a.md": "See `search/src/thread_pool" + RS + "`.\n",
            "search/README.md": "Start at `src/lib" + RS + "`.\n",
        }

    def check(self, files):
        root = tree(files)
        self.addCleanup(shutil.rmtree, root)
        return root, run(root)

    def test_a_tree_whose_names_all_resolve_passes(self):
        _, result = self.check(self.files)
        self.assertEqual(result.returncode, 0, result.stdout + result.stderr)
        self.assertEqual(result.stdout, "")

    def test_a_made_up_file_in_a_rust_comment_fails_and_is_named(self):
        self.files["search/src/clock" + RS] = (
            "use std::time::Instant;\n// The deadline is set in thread" + RS + ".\n"
        )
        root, result = self.check(self.files)
        self.assertEqual(result.returncode, 1)
        self.assertIn("search/src/clock" + RS + ":2: names thread" + RS, result.stdout)
        self.assertEqual(missing(root), [("search/src/clock" + RS, 2, "thread" + RS)])

    def test_a_made_up_path_in_a_doc_fails(self):
        self.files["docs/b.md"] = "The tuner was `eval/src/tune/linear" + RS + "`.\n"
        _, result = self.check(self.files)
        self.assertEqual(result.returncode, 1)
        self.assertIn("docs/b.md:1: names eval/src/tune/linear" + RS, result.stdout)

    def test_code_outside_comments_is_not_read(self):
        # A string in code is not a comment: only what follows `//` counts.
        self.files["search/src/strings" + RS] = 'const S: &str = "gone' + RS + '";\n'
        _, result = self.check(self.files)
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_python_and_shell_comments_are_read(self):
        doc = '"' * 3
        self.files["tools/x.py"] = doc + "Reads gone" + RS + "." + doc + "\n"
        self.files["tools/y.sh"] = "echo hi  " + "#" + " after gone" + RS + "\n"
        _, result = self.check(self.files)
        self.assertEqual(result.returncode, 1)
        self.assertIn("tools/x.py:1:", result.stdout)
        self.assertIn("tools/y.sh:1:", result.stdout)

    def test_a_command_output_and_a_url_are_not_required_to_exist(self):
        self.files["docs/c.md"] = (
            "outpost datagen --out w" + RS + "\n"
            "https://github.com/official-stockfish/Stockfish/blob/master/src/search" + RS + "\n"
        )
        _, result = self.check(self.files)
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_the_shared_folder_beside_the_repository_is_not_checked(self):
        # A fresh clone has no `../shared/`; the check must not depend on it.
        self.files["docs/d.md"] = "`../shared/tools/gauntlet.sh -g 200`\n"
        _, result = self.check(self.files)
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_build_folders_are_skipped(self):
        self.files["target/debug/build/x.md"] = "gone" + RS + "\n"
        _, result = self.check(self.files)
        self.assertEqual(result.returncode, 0, result.stdout)


if __name__ == "__main__":
    unittest.main()
