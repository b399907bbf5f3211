//! Root move ranking: the best rank agrees with the position's own WDL and DTZ, the filter keeps
//! exactly the moves that hold the best result, the half-move clock and the fifty-move rule move
//! wins into cursed wins, and playing the first ranked move for both sides converts long wins
//! within the fifty-move rule and never loses a drawn position.

mod common;

use common::{fixture_lines, open_tables};
use outpost_board::Position;
use outpost_tablebase::{keep_best, Dtz, Tablebases, Wdl};

/// Fixture positions (<= 4 pieces, no castling) with python-chess's WDL and DTZ, clock set to 0.
fn fixture() -> Vec<(Position, i32, i32)> {
    fixture_lines("random_probes.txt")
        .iter()
        .filter(|l| !l.ends_with("x;x"))
        .filter_map(|l| {
            let f: Vec<&str> = l.split(';').collect();
            let mut fen: Vec<&str> = f[0].split_whitespace().collect();
            fen[4] = "0";
            let pos = Position::from_fen(&fen.join(" ")).expect("valid");
            (pos.occupied().count() <= 4)
                .then(|| (pos, f[1].parse().expect("wdl"), f[2].parse().expect("dtz")))
        })
        .collect()
}

fn with_clock(fen: &str, clock: u16) -> Position {
    let mut f: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    f[4] = clock.to_string();
    Position::from_fen(&f.join(" ")).expect("valid")
}

#[test]
fn best_rank_agrees_with_the_root_probe() {
    let tb = open_tables();
    let mut checked = 0;
    for (pos, wdl, dtz) in fixture().into_iter().step_by(3) {
        if !pos.has_legal_move() {
            assert!(tb.rank_root_moves(&pos, true).is_none());
            continue;
        }
        let ranked = tb.rank_root_moves(&pos, true).expect("probeable");
        assert_eq!(ranked.len(), pos.legal_moves().len());
        assert!(ranked.windows(2).all(|w| w[0].1.rank >= w[1].1.rank));
        let best = ranked[0].1;
        let fen = pos.to_fen();
        assert_eq!(Some(best.wdl), Wdl::from_i8(wdl as i8), "{fen}");
        // Table DTZ may be stored one ply short; the root count is exact or one longer.
        assert_eq!(best.dtz.0.signum(), dtz.signum(), "{fen}");
        assert!(
            (best.dtz.0 - dtz).abs() <= 1,
            "{fen}: root {} table {dtz}",
            best.dtz
        );
        let plain = tb.rank_root_moves(&pos, false).expect("probeable");
        assert_eq!(plain[0].1.wdl, best.wdl.without_fifty_move_rule(), "{fen}");
        // The filter keeps exactly the moves with the best result.
        let kept = keep_best(&ranked, false);
        assert!(!kept.is_empty());
        for (m, r) in &ranked {
            assert_eq!(kept.iter().any(|(k, _)| k == m), r.wdl == best.wdl, "{fen}");
        }
        checked += 1;
    }
    assert!(checked > 3000, "{checked}");
}

#[test]
fn a_repetition_leaves_only_the_fastest_wins() {
    let tb = open_tables();
    let pos = with_clock("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 0);
    let all = tb.best_root_moves(&pos, true, false).expect("probeable");
    let fastest = tb.best_root_moves(&pos, true, true).expect("probeable");
    assert!(
        all.len() > fastest.len(),
        "{} vs {}",
        all.len(),
        fastest.len()
    );
    assert!(fastest
        .iter()
        .all(|(_, r)| r.dtz == all[0].1.dtz && r.wdl == Wdl::Win));
    assert!(all.iter().all(|(_, r)| r.wdl == Wdl::Win));
}

#[test]
fn the_half_move_clock_decides_between_win_and_cursed_win() {
    let tb = open_tables();
    // KBNvK, DTZ 58 with the clock at 0.
    let fen = "8/8/8/4k3/8/8/8/NB2K3 w - - 0 1";
    assert_eq!(tb.probe_dtz(&with_clock(fen, 0)), Ok(Some(Dtz(58))));
    let best = |clock, fifty| {
        tb.rank_root_moves(&with_clock(fen, clock), fifty)
            .expect("probeable")[0]
            .1
    };
    assert_eq!(best(0, true).wdl, Wdl::Win);
    assert_eq!(best(0, true).dtz, Dtz(58));
    // 58 + 42 = 100 would still win, but this DTZ comes from a table stored at half resolution
    // and may be 59, so a win is promised only up to 41.
    assert_eq!(best(41, true).wdl, Wdl::Win);
    assert_eq!(best(42, true).wdl, Wdl::CursedWin);
    assert_eq!(best(43, true).wdl, Wdl::CursedWin);
    assert_eq!(best(43, false).wdl, Wdl::Win);
    // The defender: a loss the clock runs out on first is a blessed loss.
    let black = "8/8/8/4k3/8/8/8/NB1K4 b - - 0 1";
    let d = tb
        .probe_dtz(&with_clock(black, 0))
        .expect("ok")
        .expect("probeable");
    assert!(d.0 < 0);
    let worst = -d.0;
    let defend = |clock| {
        tb.rank_root_moves(&with_clock(black, clock), true)
            .expect("probeable")[0]
            .1
    };
    assert_eq!(defend(0).wdl, Wdl::Loss);
    assert_eq!(defend((100 - worst + 1) as u16).wdl, Wdl::BlessedLoss);
}

#[test]
fn mate_in_one_ranks_first() {
    let tb = open_tables();
    // Ra1-a8 mates; other rook moves win more slowly.
    let pos = Position::from_fen("4k3/8/4K3/8/8/8/8/R7 w - - 0 1").expect("valid");
    let ranked = tb.rank_root_moves(&pos, true).expect("probeable");
    let (m, r) = ranked[0];
    assert!(r.mate && r.dtz == Dtz(1) && r.wdl == Wdl::Win);
    assert_eq!(m.to_uci(false).to_string(), "a1a8");
    assert!(ranked[1..].iter().all(|(_, r)| !r.mate));
}

/// Plays the first ranked move for both sides until the game ends; returns the final position
/// and the number of plies, checking the fifty-move rule on the way.
fn play_out(tb: &Tablebases, start: &Position, max_plies: usize) -> (Position, usize) {
    let mut pos = *start;
    for ply in 0..max_plies {
        if !pos.has_legal_move() || pos.is_insufficient_material() {
            return (pos, ply);
        }
        assert!(
            pos.halfmove_clock() < 100,
            "fifty-move rule reached in {}",
            start.to_fen()
        );
        let moves = tb.best_root_moves(&pos, true, false).expect("probeable");
        pos = pos.play(moves[0].0);
    }
    (pos, max_plies)
}

#[test]
fn long_wins_are_converted_within_the_fifty_move_rule() {
    let tb = open_tables();
    let won: Vec<_> = fixture()
        .into_iter()
        .filter(|(p, wdl, dtz)| {
            *wdl == 2 && *dtz >= 20 && p.pieces(outpost_board::PieceType::Pawn).is_empty()
        })
        .step_by(7)
        .take(30)
        .collect();
    assert!(won.len() >= 20, "{}", won.len());
    for (start, _, _) in &won {
        let winner = start.side_to_move();
        let (end, plies) = play_out(&tb, start, 400);
        assert!(
            end.in_check() && !end.has_legal_move() && end.side_to_move() != winner,
            "{} not mated after {plies} plies: {}",
            start.to_fen(),
            end.to_fen()
        );
    }
}

#[test]
fn drawn_positions_are_never_lost() {
    let tb = open_tables();
    let drawn: Vec<_> = fixture()
        .into_iter()
        .filter(|(p, wdl, _)| *wdl == 0 && p.occupied().count() == 4)
        .step_by(11)
        .take(30)
        .collect();
    assert!(drawn.len() >= 20);
    for (start, _, _) in &drawn {
        let mut pos = *start;
        for _ in 0..60 {
            if !pos.has_legal_move() {
                break;
            }
            let moves = tb.best_root_moves(&pos, true, false).expect("probeable");
            assert!(
                moves[0].1.wdl >= Wdl::Draw,
                "{} lost from {}",
                pos.to_fen(),
                start.to_fen()
            );
            pos = pos.play(moves[0].0);
        }
    }
}
