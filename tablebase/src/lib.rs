//! outpost-tablebase
