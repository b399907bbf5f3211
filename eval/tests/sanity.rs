//! The evaluation orders positions the way a chess player would, and knows the draws.

use outpost_board::Position;
use outpost_eval::Evaluator;

fn eval(fen: &str) -> i32 {
    let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    Evaluator::new().evaluate(&pos)
}

#[test]
fn insufficient_material_is_zero() {
    for fen in [
        "8/8/4k3/8/8/3K4/8/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/8/8 b - - 0 1",
        "8/8/4k3/8/8/3K4/5N2/8 w - - 0 1",
        "8/8/4k3/8/8/3K4/5N2/8 b - - 0 1",
        "8/8/4k3/8/8/3K4/5B2/8 w - - 0 1",
        "8/3b4/4k3/8/8/3K4/8/8 b - - 0 1",
        "8/3b4/4k3/8/8/3K4/4B3/8 w - - 0 1",
    ] {
        assert_eq!(eval(fen), 0, "{fen}");
    }
}

#[test]
fn more_material_scores_more() {
    let queen_up = eval("4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1");
    let pawn_up = eval("4k3/ppp5/8/8/8/8/PPPP4/4K3 w - - 0 1");
    let equal = eval("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");
    assert!(queen_up > pawn_up + 600, "{queen_up} {pawn_up}");
    assert!(pawn_up > equal + 50, "{pawn_up} {equal}");
    assert!(equal.abs() < 50, "{equal}");
    // The same from black's side to move: negated view.
    let queen_up_black = eval("4k3/pppp4/8/8/8/8/PPPP4/3QK3 b - - 0 1");
    assert!(queen_up_black < -600);
}

#[test]
fn advanced_passers_are_worth_more() {
    let seventh = eval("7k/P7/8/8/8/8/8/K7 b - - 0 1");
    let second = eval("7k/8/8/8/8/8/P7/K7 b - - 0 1");
    assert!(seventh < second - 100, "{seventh} {second}");
    let fifth = eval("7k/8/8/P7/8/8/8/K7 b - - 0 1");
    assert!(
        fifth < second && seventh < fifth,
        "{seventh} {fifth} {second}"
    );
}

#[test]
fn opposite_bishops_are_drawish() {
    // A pawn up with bishops of opposite colours, then with bishops of the same colour.
    let opposite = eval("8/4bk2/5p2/8/3PB3/5PK1/8/8 w - - 0 1");
    let same = eval("8/5k2/4bp2/8/3PB3/5PK1/8/8 w - - 0 1");
    assert!(opposite > 0 && opposite < same - 20, "{opposite} {same}");
}

#[test]
fn lone_minor_cannot_win() {
    // A knight against pawns: the knight's side may not be "winning".
    assert!(eval("8/8/4k3/8/2N5/3K4/8/8 w - - 0 1") == 0);
    let knight_v_pawn = eval("8/8/4k3/8/2N5/3K4/6p1/8 w - - 0 1");
    assert!(knight_v_pawn < 60, "{knight_v_pawn}");
    // A rook against a bishop without pawns is scaled down; a rook against nothing is not.
    let rook_v_bishop = eval("8/8/4k3/3b4/8/3K4/8/7R w - - 0 1");
    let rook = eval("8/8/4k3/8/8/3K4/8/7R w - - 0 1");
    assert!(rook_v_bishop < 100 && rook > 500, "{rook_v_bishop} {rook}");
}

#[test]
fn known_draws_are_scaled_to_zero() {
    // Two knights against a bare king.
    assert!(eval("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1").abs() < 30);
    // Rook pawns with the bishop of the wrong colour (dark; a8 is light), the defending king in
    // the corner.
    let wrong = eval("k7/8/1K6/P7/P7/8/8/4B3 w - - 0 1");
    let right = eval("k7/8/1K6/P7/P7/8/8/5B2 w - - 0 1");
    assert!(wrong == 0 && right > 300, "{wrong} {right}");
    // The same pawns with the defending king far away still win.
    assert!(eval("8/8/1K6/P7/P7/8/8/4B2k w - - 0 1") > 300);
}

#[test]
fn bishop_and_knight_mate_is_not_a_draw() {
    let kbn = eval("8/8/4k3/8/8/3K4/8/5BN1 w - - 0 1");
    assert!(kbn > 500, "{kbn}");
    // Driving the king to a corner of the bishop's colour (light: a8, h1) scores more than
    // leaving it in the other corner.
    let right_corner = eval("k7/8/2K5/8/8/8/8/5BN1 w - - 0 1");
    let wrong_corner = eval("7k/8/5K2/8/8/8/8/5BN1 w - - 0 1");
    assert!(right_corner > wrong_corner, "{right_corner} {wrong_corner}");
}

#[test]
fn king_safety_matters() {
    // Pawns kept in front of the castled king against the same pawns pushed away from it.
    let shelter = eval("r2q2k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1");
    let pushed = eval("r2q2k1/5ppp/8/8/5PPP/8/8/R2Q2K1 w - - 0 1");
    assert!(shelter > pushed, "{shelter} {pushed}");
    // A queen and knight next to a bare king versus far away.
    let attacked = eval("6k1/5p1p/6pQ/6N1/8/8/5PPP/6K1 b - - 0 1");
    let quiet = eval("6k1/5p1p/6p1/8/8/1Q6/1N3PPP/6K1 b - - 0 1");
    assert!(attacked < quiet - 50, "{attacked} {quiet}");
}
