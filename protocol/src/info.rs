//! What the search reports while it runs, in protocol-neutral form: the engine fills an
//! [`Info`] from its search events and the reply formatters print it as a UCI `info` line or a
//! CECP thinking line.

/// A score from the side to move's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns.
    Cp(i32),
    /// Mate in this many *moves* (not plies); negative when the side to move gets mated.
    Mate(i32),
}

/// Which side of the true score a fail-high or fail-low search result lies on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at least this (UCI `lowerbound`).
    Lower,
    /// The true score is at most this (UCI `upperbound`).
    Upper,
}

/// One search report. Every field is optional; formatters print only what is set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Info {
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
    pub multipv: Option<u32>,
    pub score: Option<Score>,
    /// Only meaningful with a score.
    pub bound: Option<Bound>,
    /// Win/draw/loss in permille (sent when `UCI_ShowWDL` is on).
    pub wdl: Option<(u32, u32, u32)>,
    pub nodes: Option<u64>,
    pub nps: Option<u64>,
    /// Transposition table use in permille.
    pub hashfull: Option<u32>,
    pub tbhits: Option<u64>,
    pub time_ms: Option<u64>,
    /// The principal variation, moves as text in the dialect's notation.
    pub pv: Vec<String>,
    pub currmove: Option<String>,
    pub currmovenumber: Option<u32>,
    /// Free text; in UCI it must come last because it runs to the end of the line.
    pub string: Option<String>,
}
