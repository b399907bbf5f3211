//! The network built into the binary, so the engine needs no file beside it. `docs/nnue.md`
//! says how it was trained and how to regenerate it; `eval/nets/` holds the file.

use super::Network;
use std::sync::{Arc, LazyLock};

/// The embedded file's name, as the engine reports it.
pub const EMBEDDED_NAME: &str = "net10.nnue";

/// A 64-byte aligned wrapper, so the included bytes start on a cache line like the weight
/// columns they are copied into.
#[repr(C, align(64))]
struct Aligned<B: ?Sized>(B);

static BYTES: &Aligned<[u8]> = &Aligned(*include_bytes!("../../nets/net10.nnue"));

/// Read once, on first use.
static EMBEDDED: LazyLock<Arc<Network>> = LazyLock::new(|| {
    // The file is part of the source tree, not input: `embedded_network_loads` in this crate's
    // tests refuses a build whose file does not load.
    Arc::new(Network::from_bytes(&BYTES.0).expect("the embedded network is a valid net file"))
});

/// The embedded network, shared.
pub fn embedded() -> Arc<Network> {
    Arc::clone(&EMBEDDED)
}

/// The embedded file's bytes, for tests and for writing it out.
pub fn embedded_bytes() -> &'static [u8] {
    &BYTES.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_network_loads() {
        let bytes = embedded_bytes();
        assert_eq!(bytes.as_ptr() as usize % 64, 0, "not 64-byte aligned");
        let net = Network::from_bytes(bytes).expect("the embedded net file loads");
        assert_eq!(*embedded(), net);
        // A trained net scores the start position near equality, not at random.
        let start = net.evaluate_position(&outpost_board::Position::startpos());
        assert!(start.abs() < 100, "start position: {start} cp");
    }
}
