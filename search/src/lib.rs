//! outpost-search
