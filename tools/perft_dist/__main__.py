"""Entry point for `python3 tools/perft_dist ...` and `python3 -m perft_dist ...`."""

import os
import sys

if not __package__:
    # Run as a folder (`python3 tools/perft_dist`): make the package importable by its name, so
    # that the worker module can be shipped to Dask workers as `perft_dist.worker`.
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from perft_dist.driver import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
