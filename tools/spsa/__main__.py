"""Entry point for `python3 tools/spsa ...` and `python3 -m spsa ...`."""

import os
import sys

if not __package__:
    # Run as a folder (`python3 tools/spsa`): make the package importable by its name.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from spsa.driver import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
