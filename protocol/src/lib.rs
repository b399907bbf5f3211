//! outpost-protocol
