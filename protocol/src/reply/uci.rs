//! Replies printed as UCI.

use std::fmt::Write;

use super::{Handshake, Reply};
use crate::option::{OptionKind, OptionSpec};
use crate::text::one_line;
use outpost_types::{Bound, CurrMove, Score, SearchInfo};

/// The UCI lines of `reply`.
pub fn lines(reply: &Reply) -> Vec<String> {
    match reply {
        Reply::Handshake(h) => handshake(h),
        Reply::ReadyOk => vec!["readyok".to_string()],
        Reply::Pong(_) | Reply::Hint(_) | Reply::Resign => Vec::new(),
        Reply::Info { info, wdl } => vec![info_line(info, *wdl)],
        Reply::CurrMove(current) => vec![currmove_line(current)],
        Reply::BestMove { mv, ponder } => vec![bestmove(mv, ponder.as_deref())],
        Reply::InfoString(s) => vec![info_string(s)],
        Reply::Error { reason, command } => {
            vec![info_string(&format!("Error ({reason}): {command}"))]
        }
        Reply::IllegalMove { mv, reason: None } => {
            vec![info_string(&format!("Illegal move: {mv}"))]
        }
        Reply::IllegalMove {
            mv,
            reason: Some(r),
        } => {
            vec![info_string(&format!("Illegal move ({r}): {mv}"))]
        }
        Reply::GameOver { result, comment } => {
            vec![info_string(&format!("{} {{{comment}}}", result.token()))]
        }
        Reply::Raw(text) => super::raw_lines(text),
    }
}

/// `id name`, `id author`, one `option` line per option, then `uciok` (which GUIs take as
/// "all options listed").
pub fn handshake(h: &Handshake) -> Vec<String> {
    let mut out = vec![
        format!("id name {}", one_line(&h.name)),
        format!("id author {}", one_line(&h.author)),
    ];
    out.extend(h.options.iter().map(option_line));
    out.push("uciok".to_string());
    out
}

/// `option name Hash type spin default 16 min 1 max 65536` and its siblings. An empty string
/// default is written `<empty>`, the convention GUIs expect.
pub fn option_line(spec: &OptionSpec) -> String {
    let name = one_line(&spec.name);
    let text = |s: &str| {
        if s.is_empty() {
            "<empty>".to_string()
        } else {
            one_line(s)
        }
    };
    match &spec.kind {
        OptionKind::Check { default } => {
            format!("option name {name} type check default {default}")
        }
        OptionKind::Spin { default, min, max } => {
            format!("option name {name} type spin default {default} min {min} max {max}")
        }
        OptionKind::Combo { default, choices } => {
            let mut line = format!("option name {name} type combo default {}", text(default));
            for choice in choices {
                let _ = write!(line, " var {}", text(choice));
            }
            line
        }
        OptionKind::Button => format!("option name {name} type button"),
        OptionKind::String { default }
        | OptionKind::File { default }
        | OptionKind::Path { default } => {
            format!("option name {name} type string default {}", text(default))
        }
    }
}

/// An `info` line in the order engines conventionally use: `depth seldepth multipv score
/// [bound] [wdl] nodes nps hashfull tbhits time pv` (no `pv` when the line has no move).
pub fn info_line(info: &SearchInfo<String>, wdl: Option<(u32, u32, u32)>) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {}",
        info.depth.max(0),
        info.seldepth.max(0),
        info.multipv,
        score(info.score)
    );
    match info.bound {
        Bound::Lower => line.push_str(" lowerbound"),
        Bound::Upper => line.push_str(" upperbound"),
        Bound::Exact => {}
    }
    if let Some((w, d, l)) = wdl {
        let _ = write!(line, " wdl {w} {d} {l}");
    }
    let _ = write!(
        line,
        " nodes {} nps {} hashfull {} tbhits {} time {}",
        info.nodes, info.nps, info.hashfull, info.tbhits, info.time_ms
    );
    if !info.pv.is_empty() {
        let _ = write!(line, " pv {}", one_line(&info.pv.join(" ")));
    }
    line
}

/// `cp N` or `mate N`.
fn score(score: Score) -> String {
    match score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(m) => format!("mate {m}"),
    }
}

/// `info depth D currmove M currmovenumber N`.
pub fn currmove_line(current: &CurrMove<String>) -> String {
    format!(
        "info depth {} currmove {} currmovenumber {}",
        current.depth.max(0),
        one_line(&current.mv),
        current.number
    )
}

/// `bestmove M` or `bestmove M ponder P`.
pub fn bestmove(mv: &str, ponder: Option<&str>) -> String {
    match ponder {
        Some(p) => format!("bestmove {} ponder {}", one_line(mv), one_line(p)),
        None => format!("bestmove {}", one_line(mv)),
    }
}

/// `info string TEXT`.
pub fn info_string(s: &str) -> String {
    format!("info string {}", one_line(s))
}
