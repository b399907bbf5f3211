//! A quick self-play match between two weight sets with a tiny fixed-depth alpha-beta, to catch
//! gross evaluation mistakes before the real search exists (not a strength measurement).
//!
//! `cargo run --release -p outpost-eval --example eval_match -- <openings.epd> <pairs> <depth>
//! [field,field,...]`: the default weights play against the same weights with the named fields
//! (prefixes of `Weights::names`, e.g. `king_,threat_`) set to zero or, written `prefix*0.5`,
//! multiplied; or against material and piece squares alone when no field is named. Each opening
//! is played with both colours.

use outpost_board::{GenKind, Move, MoveList, PieceType, Position};
use outpost_eval::{Evaluator, Weights, DEFAULT};

const MATE: i32 = 30_000;

struct Engine {
    ev: Evaluator,
    nodes: u64,
}

fn order(pos: &Position, list: &mut MoveList) {
    let value = |m: Move| -> i32 {
        let victim = pos.captured_kind(m).map_or(0, |k| k.index() as i32 + 1);
        let attacker = pos.moved_piece(m).map_or(0, |p| p.kind().index() as i32);
        if pos.is_noisy(m) {
            1000 + victim * 10 - attacker
        } else {
            0
        }
    };
    list.as_mut_slice().sort_by_key(|&m| -value(m));
}

impl Engine {
    fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        let in_check = pos.in_check();
        let mut list = MoveList::new();
        if in_check {
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                return -MATE + ply;
            }
        } else {
            let stand = self.ev.evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            pos.generate(GenKind::Noisy, &mut list);
        }
        order(pos, &mut list);
        for &m in list.iter() {
            let score = -self.qsearch(&pos.play(m), -beta, -alpha, ply + 1);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn search(&mut self, pos: &Position, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        let mut list = pos.legal_moves();
        if list.is_empty() {
            return if pos.in_check() { -MATE + ply } else { 0 };
        }
        order(pos, &mut list);
        for &m in list.iter() {
            let score = -self.search(&pos.play(m), depth - 1, -beta, -alpha, ply + 1);
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn best_move(&mut self, pos: &Position, depth: i32) -> Option<Move> {
        let mut list = pos.legal_moves();
        order(pos, &mut list);
        let mut best = (None, -MATE - 1);
        for &m in list.iter() {
            let score = -self.search(&pos.play(m), depth - 1, -MATE - 1, -best.1, 1);
            if score > best.1 {
                best = (Some(m), score);
            }
        }
        best.0
    }
}

/// Plays one game; returns the result for `engines[0]` (1, 0.5, 0).
fn play(start: &Position, engines: &mut [Engine; 2], first_is_white: bool, depth: i32) -> f64 {
    let mut pos = *start;
    let mut history = vec![pos.key()];
    for _ in 0..300 {
        let white_to_move = pos.side_to_move() == outpost_board::Color::White;
        let idx = if white_to_move == first_is_white {
            0
        } else {
            1
        };
        let Some(m) = engines[idx].best_move(&pos, depth) else {
            if pos.in_check() {
                return if idx == 0 { 0.0 } else { 1.0 };
            }
            return 0.5;
        };
        pos = pos.play(m);
        history.push(pos.key());
        let repeats = history.iter().filter(|&&k| k == pos.key()).count();
        if repeats >= 3 || pos.halfmove_clock() >= 100 || pos.is_insufficient_material() {
            return 0.5;
        }
    }
    // Adjudicate long games by material.
    let material = |c| {
        [1, 3, 3, 5, 9]
            .iter()
            .enumerate()
            .map(|(k, v)| v * pos.pieces_of(c, PieceType::from_index(k)).count() as i32)
            .sum::<i32>()
    };
    let diff = material(outpost_board::Color::White) - material(outpost_board::Color::Black);
    let first_sign = if first_is_white { 1 } else { -1 };
    match (diff * first_sign).signum() {
        1 if diff.abs() >= 3 => 1.0,
        -1 if diff.abs() >= 3 => 0.0,
        _ => 0.5,
    }
}

fn variant(fields: Option<&str>) -> Weights {
    let names = DEFAULT.names();
    let mut values = DEFAULT.to_vec();
    let keep_only_basics = fields.is_none();
    // Each item is `prefix` (set to zero) or `prefix*factor` (multiplied).
    let items: Vec<(&str, f64)> = fields
        .map(|f| {
            f.split(',')
                .map(|i| match i.split_once('*') {
                    Some((p, x)) => (p, x.parse().unwrap_or(0.0)),
                    None => (i, 0.0),
                })
                .collect()
        })
        .unwrap_or_default();
    for (name, v) in names.iter().zip(values.iter_mut()) {
        if keep_only_basics {
            if !(name.starts_with("material") || name.starts_with("psqt_")) {
                *v = 0;
            }
        } else if let Some((_, factor)) = items.iter().find(|(p, _)| name.starts_with(p)) {
            *v = (*v as f64 * factor).round() as i32;
        }
    }
    Weights::from_slice(&values).unwrap_or(DEFAULT)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: eval_match <openings.epd> [pairs] [depth] [fields]");
        return;
    };
    let pairs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let depth: i32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);
    let other = variant(args.get(3).map(|s| s.as_str()));
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            return;
        }
    };
    let openings: Vec<Position> = text
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().take(4).collect();
            Position::from_fen(&f.join(" ")).ok()
        })
        .take(pairs)
        .collect();
    let mut engines = [
        Engine {
            ev: Evaluator::new(),
            nodes: 0,
        },
        Engine {
            ev: Evaluator::with_weights(other),
            nodes: 0,
        },
    ];
    let (mut score, mut games) = (0.0, 0);
    for (i, start) in openings.iter().enumerate() {
        for first_is_white in [true, false] {
            score += play(start, &mut engines, first_is_white, depth);
            games += 1;
        }
        println!(
            "after {} pairs: default weights scored {score} / {games}",
            i + 1
        );
    }
    let p = (score / games as f64).clamp(0.001, 0.999);
    println!(
        "default weights: {score} / {games} ({:.1}%), about {:.0} Elo; nodes {} / {}",
        100.0 * p,
        -400.0 * (1.0 / p - 1.0).log10(),
        engines[0].nodes,
        engines[1].nodes
    );
}
