//! Replies printed as CECP (xboard protocol version 2).
//!
//! Thinking output is `DEPTH SCORE TIME NODES SELDEPTH NPS TBHITS<tab>PV` with the time in
//! centiseconds. Mate scores follow the convention XBoard (4.x) displays as `#N` and
//! python-chess reads back: mate in N moves is `100000 + N`, getting mated in N moves is
//! `-100000 - N` (and "already mated", UCI `mate 0`, is `-100000`). Centipawn scores are
//! clamped to +-99999 so they can never be mistaken for mates. The optional fields are always
//! written, all three, followed by a tab, because XBoard reads the *last* integer before the
//! tab as tbhits while python-chess reads them in order; with all three both agree. CECP has
//! no fail-high/fail-low marker, so a bounded score is printed as a plain score.

use std::fmt::Write;

use super::{Handshake, Reply};
use crate::option::{OptionKind, OptionSpec};
use crate::text::one_line;
use outpost_types::{Score, SearchInfo};

/// The `feature` values that depend on the build; the rest of the feature list is fixed by what
/// the engine implements (see [`handshake`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Features {
    /// `variants="normal,fischerandom"`.
    pub variants: Vec<String>,
    /// Tablebase kinds for `egt="syzygy"`; empty leaves the feature out.
    pub egt: Vec<String>,
    /// `memory=1`: the GUI may send `memory MB`.
    pub memory: bool,
    /// `smp=1`: the GUI may send `cores N`.
    pub smp: bool,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            variants: vec!["normal".to_string(), "fischerandom".to_string()],
            egt: vec!["syzygy".to_string()],
            memory: true,
            smp: true,
        }
    }
}

/// The CECP lines of `reply`.
pub fn lines(reply: &Reply) -> Vec<String> {
    match reply {
        Reply::Handshake(h) => handshake(h),
        Reply::ReadyOk => Vec::new(),
        Reply::Pong(n) => vec![format!("pong {n}")],
        Reply::Info { info, .. } => vec![thinking_line(info)],
        Reply::CurrMove(_) => Vec::new(),
        Reply::BestMove { mv, .. } => vec![format!("move {}", one_line(mv))],
        Reply::InfoString(s) => vec![comment(s)],
        Reply::Error { reason, command } => {
            vec![format!(
                "Error ({}): {}",
                one_line(reason),
                one_line(command)
            )]
        }
        Reply::IllegalMove { mv, reason: None } => vec![format!("Illegal move: {}", one_line(mv))],
        Reply::IllegalMove {
            mv,
            reason: Some(r),
        } => {
            vec![format!("Illegal move ({}): {}", one_line(r), one_line(mv))]
        }
        Reply::GameOver { result, comment } => {
            vec![format!(
                "{} {{{}}}",
                result.token(),
                one_line(comment).replace('}', ")")
            )]
        }
        Reply::Hint(mv) => vec![format!("Hint: {}", one_line(mv))],
        Reply::Resign => vec!["resign".to_string()],
        Reply::Raw(text) => super::raw_lines(text),
    }
}

/// The answer to `protover 2`: `feature done=0` first (so the GUI waits for us), the features,
/// one `feature option=...` per option, then `feature done=1`.
pub fn handshake(h: &Handshake) -> Vec<String> {
    let f = &h.features;
    let mut features = format!(
        "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
         analyze=1 colors=0 myname=\"{}\" variants=\"{}\" name=1 memory={} smp={}",
        quoted(&h.name),
        quoted(&f.variants.join(",")),
        u8::from(f.memory),
        u8::from(f.smp),
    );
    if !f.egt.is_empty() {
        let _ = write!(features, " egt=\"{}\"", quoted(&f.egt.join(",")));
    }
    let mut out = vec!["feature done=0".to_string(), features];
    out.extend(h.options.iter().map(option_feature));
    out.push("feature done=1".to_string());
    out
}

/// `feature option="Hash -spin 16 1 65536"` and its siblings; a combo marks its default
/// with `*`.
pub fn option_feature(spec: &OptionSpec) -> String {
    let name = quoted(&spec.name);
    let body = match &spec.kind {
        OptionKind::Check { default } => format!("{name} -check {}", u8::from(*default)),
        OptionKind::Spin { default, min, max } => format!("{name} -spin {default} {min} {max}"),
        OptionKind::Combo { default, choices } => {
            let choices: Vec<String> = choices
                .iter()
                .map(|c| {
                    if c == default {
                        format!("*{}", quoted(c))
                    } else {
                        quoted(c)
                    }
                })
                .collect();
            format!("{name} -combo {}", choices.join(" /// "))
        }
        OptionKind::Button => format!("{name} -button"),
        OptionKind::String { default } => format!("{name} -string {}", quoted(default)),
        OptionKind::File { default } => format!("{name} -file {}", quoted(default)),
        OptionKind::Path { default } => format!("{name} -path {}", quoted(default)),
    };
    format!("feature option=\"{}\"", body.trim_end())
}

/// Text inside a double-quoted feature value: one line, and no `"` that would end it early.
fn quoted(s: &str) -> String {
    one_line(s).replace('"', "'")
}

/// The CECP score of `score`; see the module documentation for the mate convention.
pub fn score(score: Score) -> i64 {
    const MATE: i64 = 100_000;
    match score {
        Score::Cp(cp) => i64::from(cp).clamp(-(MATE - 1), MATE - 1),
        Score::Mate(m) if m > 0 => MATE + i64::from(m),
        Score::Mate(m) => -MATE + i64::from(m),
    }
}

/// A thinking line: `DEPTH SCORE CENTISECONDS NODES SELDEPTH NPS TBHITS`, then a tab and the
/// PV when there is one.
pub fn thinking_line(info: &SearchInfo<String>) -> String {
    let mut line = format!(
        "{} {} {} {} {} {} {}",
        info.depth.max(0),
        score(info.score),
        info.time_ms / 10,
        info.nodes,
        info.seldepth.max(0),
        info.nps,
        info.tbhits
    );
    if !info.pv.is_empty() {
        line.push('\t');
        line.push_str(&one_line(&info.pv.join(" ")));
    }
    line
}

/// A line XBoard ignores, for messages to people.
pub fn comment(s: &str) -> String {
    format!("# {}", one_line(s))
}
