//! outpost-eval
