//! Replies printed as UCI.

use std::fmt::Write;

use super::{Handshake, Reply};
use crate::info::{Bound, Info, Score};
use crate::option::{OptionKind, OptionSpec};
use crate::text::one_line;

/// The UCI lines of `reply`.
pub fn lines(reply: &Reply) -> Vec<String> {
    match reply {
        Reply::Handshake(h) => handshake(h),
        Reply::ReadyOk => vec!["readyok".to_string()],
        Reply::Pong(_) | Reply::Hint(_) | Reply::Resign => Vec::new(),
        Reply::Info(info) => vec![info_line(info)],
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
            vec![info_string(&format!("{} {{{comment}}}", result.as_str()))]
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

/// An `info` line with the fields that are set, in the order engines conventionally use:
/// `depth seldepth multipv score [bound] wdl nodes nps hashfull tbhits time currmove
/// currmovenumber pv`, and `string` last because it runs to the end of the line.
pub fn info_line(info: &Info) -> String {
    let mut line = String::from("info");
    let mut put = |key: &str, value: Option<String>| {
        if let Some(v) = value {
            let _ = write!(line, " {key} {v}");
        }
    };
    put("depth", info.depth.map(|v| v.to_string()));
    put("seldepth", info.seldepth.map(|v| v.to_string()));
    put("multipv", info.multipv.map(|v| v.to_string()));
    put(
        "score",
        info.score.map(|s| {
            let mut score = match s {
                Score::Cp(cp) => format!("cp {cp}"),
                Score::Mate(m) => format!("mate {m}"),
            };
            match info.bound {
                Some(Bound::Lower) => score.push_str(" lowerbound"),
                Some(Bound::Upper) => score.push_str(" upperbound"),
                None => {}
            }
            score
        }),
    );
    put("wdl", info.wdl.map(|(w, d, l)| format!("{w} {d} {l}")));
    put("nodes", info.nodes.map(|v| v.to_string()));
    put("nps", info.nps.map(|v| v.to_string()));
    put("hashfull", info.hashfull.map(|v| v.to_string()));
    put("tbhits", info.tbhits.map(|v| v.to_string()));
    put("time", info.time_ms.map(|v| v.to_string()));
    put("currmove", info.currmove.as_deref().map(one_line));
    put("currmovenumber", info.currmovenumber.map(|v| v.to_string()));
    put(
        "pv",
        (!info.pv.is_empty()).then(|| one_line(&info.pv.join(" "))),
    );
    put("string", info.string.as_deref().map(one_line));
    line
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
