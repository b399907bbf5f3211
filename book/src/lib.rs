//! outpost-book
