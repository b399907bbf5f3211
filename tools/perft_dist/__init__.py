"""Perft on a Dask cluster: `outpost perft-split` cuts the move tree of a position into jobs,
Dask workers count them with `outpost perft-jobs`, and the driver sums the counts weighted by
how many paths reach each job's position, per root move (divide) and in total.

Run it as `python3 tools/perft_dist --depth 9 --split 4` (a local cluster) or with
`--scheduler tcp://HOST:8786` (a running `dask scheduler`); `docs/perft.md` has the details.
GPL-3.0-or-later, like the rest of Outpost."""
