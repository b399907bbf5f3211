//! Fuzz target: arbitrary bytes as a FEN.
//!
//! `Position::from_fen` must never panic. When it accepts the text, the position it returns must
//! behave: its FEN reads back to the same FEN, every legal move makes and unmakes bit for bit with
//! keys equal to a from-scratch computation, `gives_check` agrees with the position after the
//! move, and perft(2) equals the sum of the children's move counts. Any panic or failed assertion
//! is a bug that libFuzzer saves as a crash input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_board::{perft, Position};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(pos) = Position::from_fen(&text) else {
        return;
    };
    let fen = pos.to_fen();
    let again = Position::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN {fen} rejected: {e}"));
    assert_eq!(again.to_fen(), fen, "FEN not stable");
    let shredder = pos.to_shredder_fen();
    let again = Position::from_fen(&shredder)
        .unwrap_or_else(|e| panic!("own Shredder-FEN {shredder} rejected: {e}"));
    assert_eq!(again.to_fen(), fen, "Shredder-FEN round trip");
    assert_eq!(
        pos.compute_keys(),
        (pos.key(), pos.pawn_key(), pos.material_key()),
        "keys of {fen}"
    );

    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len() as u64);
    let mut children = 0;
    for &m in moves.iter() {
        assert!(pos.is_legal(m), "{m} in {fen}");
        let mut p = pos;
        let undo = p.make_move(m);
        assert_eq!(
            p.compute_keys(),
            (p.key(), p.pawn_key(), p.material_key()),
            "keys after {m} in {fen}"
        );
        assert_eq!(p, pos.play(m), "copy-make {m} in {fen}");
        assert_eq!(pos.gives_check(m), p.in_check(), "gives_check {m} in {fen}");
        children += p.count_legal_moves();
        p.unmake_move(m, &undo);
        assert_eq!(p, pos, "unmake {m} in {fen}");
    }
    assert_eq!(perft::perft(&pos, 2), children, "perft 2 of {fen}");
});
