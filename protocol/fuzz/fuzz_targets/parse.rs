//! Feeds arbitrary bytes, as the engine's reader would pass them (lossy UTF-8), through both
//! parsers and every reply formatter, and checks the properties the crate
//! promises: nothing panics, `vampirc-uci` never disagrees with our grammar on the lines routed
//! to it, error texts stay on one line, and formatted output never contains a line break.

#![no_main]

use libfuzzer_sys::fuzz_target;
use outpost_protocol::{
    parse_uci_verbose, parse_xboard_verbose, uci, Bound, Command, CurrMove, Dialect, Features,
    GameResult, Handshake, OptionSpec, Reply, Score, SearchInfo,
};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    // The whole input as one line, then line by line as the stdin reader would split it.
    check_line(&text);
    for line in text.split('\n') {
        check_line(line);
    }
    check_replies(data, &text);
});

fn check_line(line: &str) {
    for parsed in [parse_uci_verbose(line), parse_xboard_verbose(line)] {
        if let Command::Unknown { input, reason } = &parsed.command {
            assert!(
                !input.contains(['\n', '\r']),
                "input excerpt spans lines: {input:?}"
            );
            assert!(
                !reason.contains(['\n', '\r']),
                "reason spans lines: {reason:?}"
            );
        }
        for w in &parsed.warnings {
            assert!(!w.contains(['\n', '\r']), "warning spans lines: {w:?}");
        }
    }
    if let Err(d) = uci::cross_check(line) {
        panic!("vampirc-uci and our grammar disagree on {line:?}: {d:?}");
    }
}

/// Builds replies whose text fields come from the input and checks every formatted line.
fn check_replies(data: &[u8], text: &str) {
    let words: Vec<String> = text.split(' ').map(str::to_string).collect();
    let word = |i: usize| words.get(i).cloned().unwrap_or_default();
    let num = |i: usize| -> i64 {
        let mut b = [0u8; 8];
        for (k, byte) in data.iter().skip(i * 8).take(8).enumerate() {
            b[k] = *byte;
        }
        i64::from_le_bytes(b)
    };
    let info = SearchInfo {
        depth: num(0) as i32,
        seldepth: num(1) as i32,
        multipv: num(2) as usize,
        score: if num(3) & 1 == 0 {
            Score::Cp(num(4) as i32)
        } else {
            Score::Mate(num(4) as i32)
        },
        bound: [Bound::Exact, Bound::Lower, Bound::Upper][(num(5) as u64 % 3) as usize],
        nodes: num(9) as u64,
        nps: num(10) as u64,
        hashfull: num(11) as u32,
        tbhits: num(12) as u64,
        time_ms: num(13) as u64,
        pv: words.clone(),
    };
    let wdl = (num(15) & 1 == 0).then_some((num(6) as u32, num(7) as u32, num(8) as u32));
    let current = CurrMove {
        depth: num(0) as i32,
        mv: word(0),
        number: num(14) as usize,
    };
    let options = vec![
        OptionSpec::spin(&word(1), num(0), num(1), num(2)),
        OptionSpec::check(&word(2), num(3) & 1 == 0),
        OptionSpec::combo(&word(3), &word(4), &[word(4).as_str(), word(5).as_str()]),
        OptionSpec::button(&word(6)),
        OptionSpec::string(&word(7), &word(8)),
        OptionSpec::file(&word(9), text),
        OptionSpec::path(&word(10), text),
    ];
    let replies = [
        Reply::Handshake(Handshake {
            name: word(0),
            author: text.to_string(),
            options,
            features: Features {
                variants: words.clone(),
                egt: words.clone(),
                ..Features::default()
            },
        }),
        Reply::ReadyOk,
        Reply::Pong(num(0)),
        Reply::Info { info, wdl },
        Reply::CurrMove(current),
        Reply::BestMove {
            mv: word(0),
            ponder: Some(word(1)),
        },
        Reply::BestMove {
            mv: text.to_string(),
            ponder: None,
        },
        Reply::InfoString(text.to_string()),
        Reply::Error {
            reason: word(0),
            command: text.to_string(),
        },
        Reply::IllegalMove {
            mv: word(0),
            reason: Some(text.to_string()),
        },
        Reply::IllegalMove {
            mv: text.to_string(),
            reason: None,
        },
        Reply::GameOver {
            result: GameResult::Draw,
            comment: text.to_string(),
        },
        Reply::Hint(text.to_string()),
        Reply::Resign,
        Reply::Raw(text.to_string()),
    ];
    for reply in &replies {
        for dialect in [Dialect::Uci, Dialect::Xboard] {
            for line in reply.lines(dialect) {
                assert!(
                    !line.contains(['\n', '\r']),
                    "{reply:?} printed a line break in {dialect:?}: {line:?}"
                );
            }
        }
    }
}
