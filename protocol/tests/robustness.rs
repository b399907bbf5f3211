//! A deterministic stand-in for the fuzz target that runs with `cargo test`: many generated
//! lines mixing protocol words, numbers, moves, whitespace and raw bytes go through both
//! parsers and the formatters, checking the same promises (no panic, the two UCI readings
//! agree, every error and output stays on one line).

use outpost_protocol::{
    parse_uci_verbose, parse_xboard_verbose, uci, Bound, Command, CurrMove, Dialect, Reply, Score,
    SearchInfo,
};

/// Protocol words, numbers, moves and FEN parts; the `go` keywords come from the parser's own
/// list ([`uci::GO_KEYWORDS`]).
const WORDS: &[&str] = &[
    "uci",
    "xboard",
    "isready",
    "setoption",
    "name",
    "value",
    "<empty>",
    "Hash",
    "Clear",
    "position",
    "startpos",
    "fen",
    "moves",
    "go",
    "stop",
    "ponderhit",
    "quit",
    "debug",
    "on",
    "off",
    "bench",
    "d",
    "eval",
    "register",
    "ucinewgame",
    "protover",
    "new",
    "variant",
    "force",
    "usermove",
    "setboard",
    "level",
    "st",
    "sd",
    "time",
    "otim",
    "ping",
    "result",
    "option",
    "egtpath",
    "rating",
    "e2e4",
    "e7e8q",
    "0000",
    "O-O",
    "O-O-O",
    "KQkq",
    "HAha",
    "w",
    "b",
    "-",
    "0",
    "1",
    "255",
    "256",
    "999",
    "-5",
    "+3",
    "1.5",
    "2:30",
    "99999999999999999999",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "1-0",
    "{draw}",
    "=",
    "?",
    ".",
    "valuex",
    "é",
    "\u{fffd}",
];

const SEPARATORS: &[&str] = &[" ", " ", " ", "  ", "\t", "\r", " \r\n", "\u{a0}"];

/// A small linear congruential generator: reproducible, no dependency.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// One of `WORDS` or a `go` keyword.
fn word(rng: &mut Lcg) -> &'static str {
    let i = rng.below(WORDS.len() + uci::GO_KEYWORDS.len());
    WORDS
        .get(i)
        .copied()
        .unwrap_or_else(|| uci::GO_KEYWORDS[i - WORDS.len()])
}

/// A line of random words: half of them tidy (single spaces, nothing after the last word), the
/// shape that goes to `vampirc-uci`, half with random separators after every word.
fn line(rng: &mut Lcg) -> String {
    let tidy = rng.below(2) == 0;
    let mut bytes = Vec::new();
    for i in 0..rng.below(12) {
        if tidy && i > 0 {
            bytes.push(b' ');
        }
        if rng.below(8) == 0 {
            bytes.push(rng.next() as u8);
        } else {
            bytes.extend_from_slice(word(rng).as_bytes());
        }
        if !tidy {
            bytes.extend_from_slice(SEPARATORS[rng.below(SEPARATORS.len())].as_bytes());
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn generated_lines_never_break_a_promise() {
    let mut rng = Lcg(20_240_601);
    let mut second_readings = 0;
    for _ in 0..30_000 {
        let line = line(&mut rng);
        for parsed in [parse_uci_verbose(&line), parse_xboard_verbose(&line)] {
            if let Command::Unknown { input, reason } = &parsed.command {
                assert!(!input.contains(['\n', '\r']), "{line:?}");
                assert!(!reason.contains(['\n', '\r']), "{line:?}");
                assert!(input.len() <= 203 && reason.len() <= 400, "{line:?}");
            }
        }
        if let Err(d) = uci::cross_check(&line) {
            panic!("the two UCI readings of {line:?} differ: {d:?}");
        }
        second_readings += usize::from(uci::vampirc_reading(&line).is_some());
        let info = SearchInfo {
            depth: rng.next() as i32,
            seldepth: rng.next() as i32,
            multipv: rng.below(500),
            score: Score::Mate(rng.next() as i32 - (1 << 30)),
            bound: Bound::Exact,
            nodes: rng.next(),
            nps: rng.next(),
            hashfull: rng.next() as u32,
            tbhits: rng.next(),
            time_ms: rng.next(),
            pv: line.split(' ').map(str::to_string).collect(),
        };
        let current = CurrMove {
            depth: rng.next() as i32,
            mv: line.clone(),
            number: rng.below(300),
        };
        for reply in [
            Reply::Info { info, wdl: None },
            Reply::CurrMove(current),
            Reply::Error {
                reason: line.clone(),
                command: line.clone(),
            },
            Reply::Raw(line.clone()),
        ] {
            for dialect in [Dialect::Uci, Dialect::Xboard] {
                for out in reply.lines(dialect) {
                    assert!(!out.contains(['\n', '\r']), "{reply:?}");
                }
            }
        }
    }
    // The generator must reach the crate's lines, or the cross-check above proves nothing.
    assert!(
        second_readings > 100,
        "only {second_readings} lines had a vampirc-uci reading"
    );
}
