//! The bridge from the search threads to the GUI: a [`Reporter`] that prints each search report
//! as a UCI `info` line or a CECP thinking line, and hands the final best move to the search's
//! [`BestMoveSink`] (`best_move.rs`, the one route of every best move). Each report is printed
//! only while its search is the one the engine cares about, as the sink judges.
//!
//! The centipawns shown (UCI `score cp`, the CECP thinking line's score) are normalised
//! ([`shown`]): the search's internal score times 100 over the centre `a(material)` of the WDL
//! model, at the root's material, so +100 is a 50% chance to win at any material. Mates keep
//! `mate N`; tablebase results keep `cp +-(20000 - plies)`, which is a convention, not an
//! evaluation, and an evaluation is never shown inside that band. Only the engine's output is
//! rescaled: the search, datagen and bench keep internal units.
//!
//! With `UCI_ShowWDL` on, each UCI `info` line with a score (bounds included, as their score is
//! still the best guess) carries `wdl W D L`: the same model at the root's material, read at
//! the internal score (so it agrees with the shown centipawns: `cp 100` is `wdl` 500 or so
//! wins), and a certain result for mate and tablebase scores.

use crate::best_move::{BestMove, BestMoveSink};
use outpost_board::Move;
use outpost_eval::wdl::Model;
use outpost_protocol::{Dialect, Reply};
use outpost_search::reporter::TB_DECIDED_CP;
use outpost_search::{CurrMove, Reporter, Score, SearchInfo};
#[cfg(feature = "syzygy")]
use std::sync::Arc;

/// The reporter of one search.
pub struct GuiReporter {
    /// Where its answer goes; also which search it is, and whether that still counts.
    pub sink: BestMoveSink,
    /// Print search reports (UCI always; CECP after `post` and in analysis).
    pub show: bool,
    /// `UCI_ShowWDL`: add win/draw/loss per mille to UCI score lines.
    pub show_wdl: bool,
    /// The material of the root position (`outpost_eval::wdl::material`), the model's input.
    pub material: u32,
    /// The model for the scores of the evaluation the search uses.
    pub wdl_model: &'static Model,
    /// The tables the search probes: a table that fails while probing is reported by the next
    /// report of the search, so the GUI hears of it while the search runs.
    #[cfg(feature = "syzygy")]
    pub tables: Option<Arc<outpost_tablebase::Tablebases>>,
}

/// The score a user is shown for a score of the search (`outpost_search::reported`):
/// centipawns rescaled by `model` at `material` (`Model::reported_cp`) and kept short of the
/// tablebase band, so a big evaluation never reads as a tablebase result; mates and tablebase
/// results unchanged.
pub fn shown(score: Score, material: u32, model: &Model) -> Score {
    match score {
        Score::Cp(cp) if cp.abs() >= TB_DECIDED_CP => score,
        Score::Cp(cp) => Score::Cp(
            model
                .reported_cp(cp, material)
                .clamp(-(TB_DECIDED_CP - 1), TB_DECIDED_CP - 1),
        ),
        Score::Mate(_) => score,
    }
}

/// Win/draw/loss per mille of a score of the search (internal centipawns) with `material` on the board: mates and
/// tablebase results are certain, other scores go through `model`, the one fitted to the
/// scores of the evaluation that searched.
pub fn wdl(score: Score, material: u32, model: &Model) -> (u32, u32, u32) {
    match score {
        Score::Mate(moves) if moves > 0 => (1000, 0, 0),
        // `mate 0` and below: the side to move is mated.
        Score::Mate(_) => (0, 0, 1000),
        Score::Cp(cp) if cp >= TB_DECIDED_CP => (1000, 0, 0),
        Score::Cp(cp) if cp <= -TB_DECIDED_CP => (0, 0, 1000),
        Score::Cp(cp) => model.wdl(cp, material),
    }
}

impl GuiReporter {
    /// One `info string` per table that failed at run time; the tables hand out each failure
    /// once, so a bad file is named once per `SyzygyPath`, not on every probe. An abandoned
    /// search leaves them to the next one, whose output the GUI still reads. Printed even
    /// without `post`: it is a problem report, not thinking output.
    fn report_table_failures(&self) {
        #[cfg(feature = "syzygy")]
        if let Some(tables) = &self.tables {
            if self.sink.is_current() {
                for failure in tables.take_failures() {
                    self.sink.out().note(format!(
                        "{failure}; positions that need it are searched without it"
                    ));
                }
            }
        }
    }
}

impl Reporter for GuiReporter {
    fn info(&self, i: &SearchInfo) {
        self.report_table_failures();
        if !self.show || !self.sink.is_current() {
            return;
        }
        let dialect = self.sink.out().dialect();
        let show_wdl = self.show_wdl && dialect == Dialect::Uci;
        let mut info = i.map_moves(|&m| self.sink.move_text(dialect, m));
        info.score = shown(i.score, self.material, self.wdl_model);
        self.sink.send_if_current(&Reply::Info {
            info,
            // From the internal score, which the shown one rounds.
            wdl: show_wdl.then(|| wdl(i.score, self.material, self.wdl_model)),
        });
    }

    fn currmove(&self, c: &CurrMove) {
        // CECP has no line for this.
        if !self.show || !self.sink.is_current() || self.sink.out().dialect() != Dialect::Uci {
            return;
        }
        let current = c.map_move(|&m| self.sink.move_text(Dialect::Uci, m));
        self.sink.send_if_current(&Reply::CurrMove(current));
    }

    fn bestmove(&self, best: Move, ponder: Option<Move>) {
        self.report_table_failures();
        self.sink.answer(BestMove { best, ponder });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use outpost_eval::wdl::NETWORK;
    use outpost_search::reporter::TB_CP;

    #[test]
    fn decided_scores_are_certain_and_others_use_the_model() {
        let m = &NETWORK;
        assert_eq!(wdl(Score::Mate(3), 10, m), (1000, 0, 0));
        assert_eq!(wdl(Score::Mate(-2), 10, m), (0, 0, 1000));
        assert_eq!(wdl(Score::Mate(0), 10, m), (0, 0, 1000));
        assert_eq!(wdl(Score::Cp(TB_CP - 7), 5, m), (1000, 0, 0));
        assert_eq!(wdl(Score::Cp(-TB_CP + 7), 5, m), (0, 0, 1000));
        for cp in [-300, -20, 0, 45, 300] {
            assert_eq!(wdl(Score::Cp(cp), 40, m), m.wdl(cp, 40));
        }
    }

    #[test]
    fn shown_scores_are_rescaled_evaluations_and_kept_conventions() {
        let m = &NETWORK;
        // Mates and tablebase results as the search reported them.
        for kept in [
            Score::Mate(3),
            Score::Mate(-2),
            Score::Mate(0),
            Score::Cp(TB_CP),
            Score::Cp(TB_CP - 7),
            Score::Cp(TB_DECIDED_CP),
            Score::Cp(-TB_CP + 7),
            Score::Cp(-TB_DECIDED_CP),
        ] {
            assert_eq!(shown(kept, 20, m), kept);
        }
        for material in [4, 30, 78] {
            // The internal score nearest the model's centre shows as +100 within one
            // (a centre below 100 makes one internal centipawn show as more than one), and
            // its mirror as the negation...
            let a = m.even_cp(material).round() as i32;
            let Score::Cp(centre) = shown(Score::Cp(a), material, m) else {
                panic!("an evaluation became a mate");
            };
            assert!((centre - 100).abs() <= 1, "{material}: {centre}");
            assert_eq!(shown(Score::Cp(-a), material, m), Score::Cp(-centre));
            assert_eq!(shown(Score::Cp(0), material, m), Score::Cp(0));
            // ...and the largest evaluation stays below the tablebase band.
            let big = TB_DECIDED_CP - 1;
            for cp in [big, -big] {
                let Score::Cp(s) = shown(Score::Cp(cp), material, m) else {
                    panic!("an evaluation became a mate");
                };
                assert!(s.abs() < TB_DECIDED_CP && s.signum() == cp.signum(), "{s}");
            }
        }
        // At less material the same internal score is a smaller advantage, so it shows lower.
        assert!(m.even_cp(20) > m.even_cp(78));
        let at = |material| match shown(Score::Cp(150), material, m) {
            Score::Cp(cp) => cp,
            Score::Mate(_) => unreachable!(),
        };
        assert!(at(20) < at(78), "{} {}", at(20), at(78));
    }
}
