"""SPSA tuning of the search parameters (`search/src/params.rs`) by self-play with fastchess.

Each iteration perturbs every tuned parameter by plus or minus its current step, plays a few
game pairs between the two perturbed engines (the `tune` build, which takes each parameter as a
UCI option), and moves every parameter toward the side that scored better. The gains follow
OpenBench's SPSA (`c_end`, `r_end`, A = 10% of the planned iterations, alpha 0.602, gamma 0.101),
so the lines `cargo run --release -p outpost-search --example spsa` prints are its input.

The state (iteration, current values, games played) is a JSON file written after every
iteration, so a run stopped at any time resumes where it stopped; keep the file somewhere that
outlives the machine. `docs/testing.md` ("SPSA") has the commands.
GPL-3.0-or-later, like the rest of Outpost."""
