//! The protocol-neutral commands that both parsers produce and the engine dispatches.
//!
//! Moves and FENs travel as text whose *shape* the parser has checked only as far as it needs to
//! find where they end: this crate does not depend on `outpost-board`, so the engine resolves
//! them against its position and reports an illegal move or a bad FEN with the board's own
//! message. Everything a GUI can send maps to exactly one [`Command`]; a line that cannot be
//! understood becomes [`Command::Unknown`] with the reason in words.

use outpost_types::{GameResult, SearchLimits};

/// What the engine is asked to do by one input line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// A line with nothing but whitespace; GUIs send these and expect no reply.
    Empty,
    /// `uci`: switch to (or stay in) UCI and answer with `id`, `option`s and `uciok`.
    Uci,
    /// `xboard`: switch to CECP; the GUI follows with `protover`.
    Xboard,
    /// `isready`: answer `readyok` once earlier commands have taken effect.
    IsReady,
    /// `debug on|off`.
    Debug(bool),
    /// UCI `setoption name N [value V]`, and CECP `option N[=V]`.
    SetOption(OptionSetting),
    /// UCI `register ...`; Outpost needs no registration, so the engine just ignores it.
    Register,
    /// UCI `ucinewgame`.
    NewGame,
    /// UCI `position (startpos | fen F) [moves M...]`. The moves are kept exactly as sent, even
    /// when they do not look like moves: the engine plays them in order and reports the first
    /// that is not legal.
    Position { start: StartPos, moves: Vec<String> },
    /// UCI `go ...`: the limits of the search, its `searchmoves` as text (the engine checks
    /// them). Times are milliseconds as sent, negative ones included (see
    /// [`SearchLimits`]). `go perft N` is not a search and becomes [`Command::Perft`].
    Go(SearchLimits<String>),
    /// UCI `stop`.
    Stop,
    /// UCI `ponderhit`.
    PonderHit,
    /// `quit` (both dialects): leave as soon as possible.
    Quit,
    /// Extension `perft N [stats] [fen F]` (both dialects) and UCI `go perft N [stats]`: count
    /// leaf nodes of the legal move tree, printing one line per root move. With `fen`, count
    /// from that position instead of the current one (used by the command line
    /// `outpost perft N FEN`). With `stats`, also count the leaves' captures, checks, mates...
    /// as the chess-programming wiki's tables do (`outpost_board::perft_stats`).
    Perft {
        depth: u32,
        fen: Option<String>,
        stats: bool,
    },
    /// Extension `bench [depth]`: search the built-in positions and print the node signature.
    Bench { depth: Option<u32> },
    /// Extension `d`: print the board, its FEN, key and checkers.
    Display,
    /// Extension `eval`: print the static evaluation broken into its terms.
    Eval,
    /// A CECP command that has no UCI counterpart (see [`XbCommand`]).
    Xb(XbCommand),
    /// A line that could not be understood. `input` is an excerpt of the line (at most
    /// [`crate::text::EXCERPT_LEN`] bytes, on one line) and `reason` says in words what was
    /// wrong, ready for `Error (reason): input` or `info string ...`.
    Unknown { input: String, reason: String },
}

/// Where a `position` command starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartPos {
    /// `startpos`: the standard initial position.
    Startpos,
    /// `fen F`: the FEN fields joined by single spaces. Between one and six fields are passed on
    /// (the board crate accepts FENs without the two counters, X-FEN and Shredder-FEN castling).
    Fen(String),
}

/// `setoption name N [value V]` (UCI) or `option N[=V]` (CECP).
///
/// Option names are case-insensitive in UCI; [`OptionSetting::name`] keeps the spelling the GUI
/// used (for messages) and [`OptionSetting::is`] compares the way the protocol says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionSetting {
    /// The option name as sent, its words joined by single spaces.
    pub name: String,
    /// `None` for a button (no `value` part); `Some("")` for an explicitly empty value, which
    /// includes UCI's `<empty>` placeholder. Otherwise the value exactly as sent (inner spacing
    /// kept, trailing whitespace removed), so paths with spaces survive.
    pub value: Option<String>,
}

impl OptionSetting {
    /// Whether this setting is for the option called `name`, ignoring ASCII case.
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// The name lowercased: a key for maps of options.
    pub fn key(&self) -> String {
        self.name.to_ascii_lowercase()
    }
}

/// CECP (xboard protocol version 2) commands without a UCI counterpart. The parser only
/// translates text; force mode, the engine's side, clocks and analysis mode are the engine's
/// state machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum XbCommand {
    /// `protover N`: answer with `feature` lines when N >= 2.
    Protover(u32),
    /// `accepted FEATURE`.
    Accepted(String),
    /// `rejected FEATURE`.
    Rejected(String),
    /// `new`: standard start position, leave force mode, engine plays Black, reset limits.
    New,
    /// `variant NAME` (`normal`, `fischerandom`, ...).
    Variant(String),
    /// `force`: stop playing either side; just apply moves.
    Force,
    /// `go`: play the side to move, start thinking.
    Go,
    /// `playother`: play the side not to move (and ponder).
    PlayOther,
    /// `white` / `black` (protocol 1, kept for old GUIs): the side to move and the engine's side.
    White,
    Black,
    /// `usermove M` or a bare move: the opponent's move, in coordinate notation (`e2e4`, `e7e8q`)
    /// or `O-O`/`O-O-O` (which XBoard sends in fischerandom). Shapes we recognise are normalised
    /// (promotion letter lowercased, `0-0`/`o-o` written `O-O`); anything after `usermove` is
    /// kept as text so the engine can answer `Illegal move: <text>`.
    UserMove(String),
    /// `setboard FEN`: the FEN fields joined by single spaces.
    SetBoard(String),
    /// `undo`: take back one half-move.
    Undo,
    /// `remove`: take back two half-moves.
    Remove,
    /// `level MPS BASE INC`: `moves_per_session` moves (0 = whole game) in `base_ms`, plus
    /// `increment_ms` per move. BASE may be `minutes` or `minutes:seconds`; INC may have a
    /// fraction (`1.5`).
    Level {
        moves_per_session: u32,
        base_ms: u64,
        increment_ms: u64,
    },
    /// `st SECONDS` (fraction allowed): a fixed time per move, in milliseconds.
    St {
        ms: u64,
    },
    /// `sd DEPTH`: a depth limit.
    Sd(u32),
    /// `nps N`: think as if the engine searched N nodes per second.
    Nps(u64),
    /// `time CS`: the engine's clock, in centiseconds as sent (may be negative).
    Time(i64),
    /// `otim CS`: the opponent's clock, in centiseconds as sent (may be negative).
    Otim(i64),
    /// `ping N`: answer `pong N` once everything before it is done.
    Ping(i64),
    /// `post` / `nopost`: thinking output on or off.
    Post,
    NoPost,
    /// `hard` / `easy`: pondering on or off.
    Hard,
    Easy,
    /// `analyze`: analyse the position until `exit`.
    Analyze,
    /// `exit`: leave analysis mode.
    ExitAnalyze,
    /// `.`: send an analysis status update (the engine may ignore it).
    AnalyzeUpdate,
    /// `?`: move now.
    MoveNow,
    /// `draw`: the opponent offers a draw.
    Draw,
    /// `hint`: the GUI asks for a hint move.
    Hint,
    /// `bk`: the GUI asks for book moves.
    Bk,
    /// `result RESULT {COMMENT}`: the game is over; `None` for `*`, a game that ended without
    /// a result (aborted, adjourned).
    Result {
        result: Option<GameResult>,
        comment: Option<String>,
    },
    /// `computer`: the opponent is a computer.
    Computer,
    /// `name X`: the opponent's name.
    Name(String),
    /// `rating ENGINE OPPONENT`.
    Rating {
        engine: i32,
        opponent: i32,
    },
    /// `ics HOST` (`-` for none).
    Ics(String),
    /// `random`: toggle randomisation (the engine may ignore it).
    Random,
    /// `pause` / `resume`.
    Pause,
    Resume,
    /// `memory MB`: total memory the engine may use for tables.
    Memory(u64),
    /// `cores N`: the number of threads the engine may use.
    Cores(u32),
    /// `egtpath TYPE PATH`: where tablebases of TYPE (`syzygy`) are; PATH kept verbatim.
    EgtPath {
        kind: String,
        path: String,
    },
}

impl Command {
    /// A [`Command::Unknown`] for `line`, with an excerpt of the line and the reason.
    pub fn unknown(line: &str, reason: impl Into<String>) -> Command {
        Command::Unknown {
            input: crate::text::excerpt(line),
            reason: reason.into(),
        }
    }
}

/// A parsed line together with what the parser chose to ignore.
///
/// The UCI spec asks engines to skip unknown tokens and act on the rest of the line; each skipped
/// token is reported here in words, so the engine can mention it (`info string ...` in debug
/// mode, or a log line) instead of hiding it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub command: Command,
    pub warnings: Vec<String>,
    /// Values the parser had to drop or clamp to carry the command out (`go depth -1`). Unlike
    /// skipped tokens these change what the command does, so the engine always reports them.
    pub corrections: Vec<String>,
}

impl Parsed {
    /// A result with no warnings.
    pub fn clean(command: Command) -> Parsed {
        Parsed {
            command,
            warnings: Vec::new(),
            corrections: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names_compare_case_insensitively_but_keep_their_spelling() {
        let s = OptionSetting {
            name: "Clear Hash".into(),
            value: None,
        };
        assert!(s.is("clear hash"));
        assert!(s.is("CLEAR HASH"));
        assert!(!s.is("Clear"));
        assert_eq!(s.key(), "clear hash");
        assert_eq!(s.name, "Clear Hash");
    }

    #[test]
    fn unknown_keeps_an_excerpt_of_the_line() {
        let long = "x".repeat(1 << 20);
        match Command::unknown(&long, "unknown command 'xxx'") {
            Command::Unknown { input, reason } => {
                assert!(input.len() < 300);
                assert_eq!(reason, "unknown command 'xxx'");
            }
            other => panic!("{other:?}"),
        }
    }
}
