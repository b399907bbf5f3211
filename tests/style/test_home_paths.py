"""Tests of the home-folder check (`home_paths.py`): it must fail on a tree whose docs or
comments name a home folder, pass on one that names only repository paths, and say where. The
home folders in this test are built by concatenation so that the check, which reads this file's
docstrings and comments too, does not see them."""

import os
import shutil
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from home_paths import home_folders  # noqa: E402
from test_comment_paths import tree  # noqa: E402

CHECK = os.path.join(HERE, "home_paths.py")
TILDE = "~" + "/"
ROOT_HOME = "/" + "root" + "/"
HOME_VAR = "$" + "HOME"


class HomePaths(unittest.TestCase):
    def check(self, files):
        root = tree(files)
        self.addCleanup(shutil.rmtree, root)
        found = home_folders(root)
        result = subprocess.run(
            [sys.executable, CHECK, root], capture_output=True, text=True, check=False
        )
        return found, result

    def test_clean_tree_passes(self):
        found, result = self.check(
            {
                "docs/a.md": "Run `tools/match/build.sh 5febfff`, then target/revs/outpost-5febfff.\n"
                "About ~40 ms; a~b is no path.\n",
                "src/lib.rs": "// see target/matches/s48\nfn f() {}\n",
            }
        )
        self.assertEqual(found, [])
        self.assertEqual(result.returncode, 0, result.stdout)

    def test_doc_naming_a_home_folder_fails(self):
        found, result = self.check(
            {"docs/a.md": "title\n\nbash gauntlet.sh " + TILDE + "m/s48/bin/outpost-5febfff\n"}
        )
        self.assertEqual([(f, n) for f, n, _ in found], [("docs/a.md", 3)])
        self.assertEqual(result.returncode, 1)
        self.assertIn("docs/a.md:3:", result.stdout)

    def test_each_form_is_caught(self):
        for home in (TILDE + "parts", ROOT_HOME + "m", HOME_VAR + "/parts", "/home/ann/x"):
            with self.subTest(home=home):
                found, result = self.check({"a.md": "work in " + home + "\n"})
                self.assertEqual(len(found), 1, home)
                self.assertEqual(result.returncode, 1)

    def test_comments_are_read_code_is_not(self):
        found, _ = self.check(
            {
                "x.rs": 'let p = "' + TILDE + 'a";\n// in ' + TILDE + "b\n",
                "y.sh": "work=" + HOME_VAR + "/w  # default " + TILDE + "w\n",
                "z.py": "P = '" + ROOT_HOME + "a'\n",
            }
        )
        self.assertEqual(sorted((f, n) for f, n, _ in found), [("x.rs", 2), ("y.sh", 1)])


if __name__ == "__main__":
    unittest.main()
