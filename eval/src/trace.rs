//! Where evaluation terms go: a plain sum when searching, a per-term table for the `eval`
//! command.
//!
//! The evaluation is generic over a `Sink`, so the searching version adds each term straight into
//! one packed score (the term name compiles away) while `trace` records every term per side with
//! the very same code, and its total is therefore the evaluation itself.

use crate::tapered::Tapered;
use outpost_board::{Color, Position};
use std::fmt::Write;

/// The groups of terms shown by `trace`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Term {
    Material,
    Psqt,
    Pawns,
    Passed,
    Mobility,
    Pieces,
    King,
    Threats,
    Endgame,
    Tempo,
}

impl Term {
    pub const ALL: [Term; 10] = [
        Term::Material,
        Term::Psqt,
        Term::Pawns,
        Term::Passed,
        Term::Mobility,
        Term::Pieces,
        Term::King,
        Term::Threats,
        Term::Endgame,
        Term::Tempo,
    ];

    fn name(self) -> &'static str {
        match self {
            Term::Material => "Material",
            Term::Psqt => "Piece squares",
            Term::Pawns => "Pawn structure",
            Term::Passed => "Passed pawns",
            Term::Mobility => "Mobility",
            Term::Pieces => "Pieces",
            Term::King => "King safety",
            Term::Threats => "Threats",
            Term::Endgame => "Mop-up",
            Term::Tempo => "Tempo",
        }
    }
}

/// Receives each term of the evaluation for one side, from that side's view.
pub(crate) trait Sink {
    fn add(&mut self, term: Term, color: Color, score: Tapered);
    /// The sum so far, from white's view.
    fn total(&self) -> Tapered;
}

/// The searching sink: one running sum.
pub(crate) struct Total(pub Tapered);

impl Sink for Total {
    #[inline(always)]
    fn add(&mut self, _term: Term, color: Color, score: Tapered) {
        match color {
            Color::White => self.0 += score,
            Color::Black => self.0 -= score,
        }
    }

    #[inline(always)]
    fn total(&self) -> Tapered {
        self.0
    }
}

/// The tracing sink: every term per side.
#[derive(Default)]
pub(crate) struct Breakdown {
    pub terms: [[Tapered; 2]; Term::ALL.len()],
    pub total: Tapered,
    /// Filled in by the evaluation after the terms.
    pub phase: i32,
    pub scale: i32,
    pub white_view: i32,
    pub insufficient: bool,
}

impl Sink for Breakdown {
    fn add(&mut self, term: Term, color: Color, score: Tapered) {
        self.terms[term as usize][color.index()] += score;
        match color {
            Color::White => self.total += score,
            Color::Black => self.total -= score,
        }
    }

    fn total(&self) -> Tapered {
        self.total
    }
}

fn cp(v: i32) -> String {
    format!("{:6.2}", v as f64 / 100.0)
}

fn pair(score: Tapered) -> String {
    format!("{} {}", cp(score.mg()), cp(score.eg()))
}

impl Breakdown {
    /// The table printed by the `eval` command.
    pub fn render(&self, pos: &Position) -> String {
        let mut out = String::new();
        let line = "+----------------+---------------+---------------+---------------+\n";
        out.push_str(line);
        out.push_str("|           Term |     White     |     Black     |     Total     |\n");
        out.push_str("|                |   MG     EG   |   MG     EG   |   MG     EG   |\n");
        out.push_str(line);
        for term in Term::ALL {
            let [w, b] = self.terms[term as usize];
            let _ = writeln!(
                out,
                "| {:>14} | {} | {} | {} |",
                term.name(),
                pair(w),
                pair(b),
                pair(w - b)
            );
        }
        out.push_str(line);
        let _ = writeln!(
            out,
            "| {:>14} |               |               | {} |",
            "Total",
            pair(self.total)
        );
        out.push_str(line);
        if self.insufficient {
            out.push_str("Insufficient material: the evaluation is 0 (draw).\n");
        }
        let _ = writeln!(
            out,
            "Phase {} of 24 (24 = full middlegame), endgame scale {} of 128",
            self.phase, self.scale
        );
        let stm = self.white_view * pos.side_to_move().sign();
        let _ = writeln!(
            out,
            "Final evaluation: {} (white side), {} (side to move)",
            cp(self.white_view).trim(),
            cp(stm).trim()
        );
        out
    }
}
