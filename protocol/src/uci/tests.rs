//! UCI parsing tests. The first group pins down each known gap of `vampirc-uci` 0.11.1: it
//! shows what the crate itself does with the input, then what `parse_uci` returns. The second
//! says which parser reads which line (`path`) and checks that the crate's lines read as our
//! grammar would read them.

use std::panic;

use vampirc_uci::UciMessage;

use super::*;
use crate::command::{OptionSetting, StartPos};
use outpost_types::SearchLimits;

/// What `go` parses into.
type GoParams = SearchLimits<String>;

const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What the crate alone makes of `line`: `None` when it panics.
fn crate_alone(line: &str) -> Option<UciMessage> {
    let line = line.to_string();
    panic::catch_unwind(move || vampirc_uci::parse_one(&line)).ok()
}

fn crate_says_unknown(line: &str) -> bool {
    matches!(crate_alone(line), Some(UciMessage::Unknown(..)))
}

fn go(f: impl FnOnce(&mut GoParams)) -> Command {
    let mut p = SearchLimits::default();
    f(&mut p);
    Command::Go(p)
}

fn position(start: StartPos, moves: &[&str]) -> Command {
    Command::Position {
        start,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

fn fen(s: &str) -> StartPos {
    StartPos::Fen(s.to_string())
}

fn set(name: &str, value: Option<&str>) -> Command {
    Command::SetOption(OptionSetting {
        name: name.into(),
        value: value.map(Into::into),
    })
}

fn reason(command: Command) -> String {
    match command {
        Command::Unknown { reason, .. } => reason,
        other => panic!("expected Unknown, got {other:?}"),
    }
}

// ---- vampirc-uci 0.11.1 gaps ------------------------------------------------------------

#[test]
fn gap_fen_without_counters() {
    let line = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert!(crate_says_unknown(line));
    assert_eq!(
        parse_uci(line),
        position(
            fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
            &[]
        )
    );
    assert_eq!(
        parse_uci(&format!("{line} moves e2e4")),
        position(
            fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
            &["e2e4"]
        )
    );
}

#[test]
fn gap_shredder_fen_castling() {
    let f = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
    let line = format!("position fen {f} moves g1h3");
    assert!(crate_says_unknown(&line));
    assert_eq!(parse_uci(&line), position(fen(f), &["g1h3"]));
    let line = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1";
    assert!(crate_says_unknown(line));
    assert_eq!(
        parse_uci(line),
        position(
            fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1"),
            &[]
        )
    );
}

#[test]
fn gap_go_ponder_with_clocks_loses_ponder() {
    for line in [
        "go ponder wtime 1000 btime 2000",
        "go wtime 1000 btime 2000 ponder",
    ] {
        match crate_alone(line) {
            Some(UciMessage::Go {
                time_control: Some(vampirc_uci::UciTimeControl::TimeLeft { .. }),
                ..
            }) => {}
            other => panic!("the crate changed: {other:?}"),
        }
        assert_eq!(
            parse_uci(line),
            go(|p| {
                p.ponder = true;
                p.wtime = Some(1000);
                p.btime = Some(2000);
            })
        );
    }
}

#[test]
fn gap_go_infinite_with_clocks_loses_infinite() {
    assert!(matches!(
        crate_alone("go infinite wtime 10"),
        Some(UciMessage::Go {
            time_control: Some(vampirc_uci::UciTimeControl::TimeLeft { .. }),
            ..
        })
    ));
    assert_eq!(
        parse_uci("go infinite wtime 10"),
        go(|p| {
            p.infinite = true;
            p.wtime = Some(10);
        })
    );
}

#[test]
fn gap_large_depth_mate_movestogo_panic_inside_the_crate() {
    for (line, expected) in [
        ("go depth 256", go(|p| p.depth = Some(256))),
        ("go movestogo 300", go(|p| p.movestogo = Some(300))),
        ("go mate 999", go(|p| p.mate = Some(999))),
    ] {
        assert!(
            crate_alone(line).is_none(),
            "{line}: the crate no longer panics"
        );
        assert_eq!(
            vampirc_reading(line),
            None,
            "{line} must not reach the crate"
        );
        assert_eq!(parse_uci(line), expected);
    }
    assert_eq!(parse_uci("go depth 255"), go(|p| p.depth = Some(255)));
    assert_eq!(
        vampirc_reading("go depth 255"),
        Some(go(|p| p.depth = Some(255)))
    );
}

#[test]
fn gap_long_numbers_are_silently_truncated() {
    match crate_alone("go depth 1234") {
        Some(UciMessage::Go {
            search_control: Some(s),
            ..
        }) => assert_eq!(s.depth, Some(123)),
        other => panic!("the crate changed: {other:?}"),
    }
    assert_eq!(parse_uci("go depth 1234"), go(|p| p.depth = Some(1234)));
}

#[test]
fn gap_trailing_whitespace_after_go_panics_inside_the_crate() {
    for (line, expected) in [
        ("go ", go(|_| {})),
        ("go infinite ", go(|p| p.infinite = true)),
        ("go depth 5 ", go(|p| p.depth = Some(5))),
        (
            "go wtime 1 btime 2 winc 3 binc 4 movestogo 5 ",
            go(|p| {
                p.wtime = Some(1);
                p.btime = Some(2);
                p.winc = Some(3);
                p.binc = Some(4);
                p.movestogo = Some(5);
            }),
        ),
    ] {
        assert!(
            crate_alone(line).is_none(),
            "{line:?}: the crate no longer panics"
        );
        assert_eq!(parse_uci(line), expected, "{line:?}");
        // Not tidy, so our grammar reads it; the crate never sees it.
        assert_eq!(path(line), Path::Grammar, "{line:?}");
        // The tidy form of the same line is the crate's, and it reads it the same.
        let tidy = line.trim_end();
        assert_eq!(path(tidy), Path::Vampirc, "{tidy:?}");
        assert_eq!(parse_uci(tidy), expected, "{tidy:?}");
    }
}

#[test]
fn gap_double_space_after_moves_drops_the_whole_list() {
    let line = "position startpos moves  e2e4 e7e5";
    assert_eq!(
        crate_alone(line),
        Some(UciMessage::Position {
            startpos: true,
            fen: None,
            moves: vec![]
        })
    );
    assert_eq!(
        parse_uci(line),
        position(StartPos::Startpos, &["e2e4", "e7e5"])
    );
}

#[test]
fn gap_leading_repeated_spaces_tabs_and_line_endings() {
    let expected = position(StartPos::Startpos, &["e2e4", "e7e5"]);
    for line in [
        "  position startpos moves e2e4 e7e5",
        "position   startpos\tmoves e2e4    e7e5",
        "position startpos moves e2e4 e7e5\r\n",
        "position startpos moves e2e4 e7e5\r",
        "\tposition startpos moves e2e4 e7e5 \r\n",
    ] {
        assert_eq!(parse_uci(line), expected, "{line:?}");
    }
    assert_eq!(parse_uci("isready\r\n"), Command::IsReady);
    assert_eq!(parse_uci("   uci   "), Command::Uci);
}

#[test]
fn gap_null_move_and_garbage_moves_truncate_the_list() {
    let line = "position startpos moves e2e4 0000 e7e5";
    match crate_alone(line) {
        Some(UciMessage::Position { moves, .. }) => assert_eq!(moves.len(), 1),
        other => panic!("the crate changed: {other:?}"),
    }
    assert_eq!(
        parse_uci(line),
        position(StartPos::Startpos, &["e2e4", "0000", "e7e5"])
    );
    // Garbage is kept too: the engine reports it as an illegal move.
    assert_eq!(
        parse_uci("position startpos moves e2e4 e7e5 zz g1f3"),
        position(StartPos::Startpos, &["e2e4", "e7e5", "zz", "g1f3"])
    );
    assert_eq!(
        parse_uci("go searchmoves e2e4 0000 depth 3"),
        go(|p| {
            p.searchmoves = vec!["e2e4".into(), "0000".into()];
            p.depth = Some(3);
        })
    );
}

#[test]
fn gap_unknown_go_tokens_and_go_perft() {
    assert!(crate_says_unknown("go foo depth 5"));
    assert!(crate_says_unknown("go perft 5"));
    // Trailing unknown tokens are dropped silently by the crate, with a warning by us.
    assert!(matches!(
        crate_alone("go depth 5 foo"),
        Some(UciMessage::Go { .. })
    ));
    for line in ["go foo depth 5", "go depth 5 foo"] {
        let parsed = parse_uci_verbose(line);
        assert_eq!(parsed.command, go(|p| p.depth = Some(5)), "{line}");
        assert_eq!(
            parsed.warnings,
            ["go: ignored unknown token 'foo'"],
            "{line}"
        );
    }
    assert_eq!(
        parse_uci("go perft 5"),
        Command::Perft {
            depth: 5,
            fen: None,
            stats: false,
        }
    );
}

#[test]
fn every_go_keyword_is_read() {
    for key in GO_KEYWORDS {
        let line = format!("go {key} 1");
        let parsed = parse_uci_verbose(&line);
        let unknown = format!("go: ignored unknown token '{key}'");
        assert!(
            !parsed.warnings.contains(&unknown),
            "{line}: {:?}",
            parsed.warnings
        );
        assert!(
            matches!(parsed.command, Command::Go(_) | Command::Perft { .. }),
            "{line}: {:?}",
            parsed.command
        );
    }
}

#[test]
fn gap_trailing_text_after_simple_commands_is_ignored_silently() {
    assert_eq!(crate_alone("ucinewgamex"), Some(UciMessage::UciNewGame));
    assert_eq!(
        reason(parse_uci("ucinewgamex")),
        "unknown command 'ucinewgamex'"
    );
    assert_eq!(crate_alone("isready foo"), Some(UciMessage::IsReady));
    let parsed = parse_uci_verbose("isready foo");
    assert_eq!(parsed.command, Command::IsReady);
    assert_eq!(
        parsed.warnings,
        ["ignored extra text after 'isready': 'foo'"]
    );
}

#[test]
fn gap_setoption_with_empty_value_loses_it() {
    assert_eq!(
        crate_alone("setoption name SyzygyPath value"),
        Some(UciMessage::SetOption {
            name: "SyzygyPath".into(),
            value: None
        })
    );
    assert_eq!(
        parse_uci("setoption name SyzygyPath value"),
        set("SyzygyPath", Some(""))
    );
    assert_eq!(
        parse_uci("setoption name SyzygyPath value <empty>"),
        set("SyzygyPath", Some(""))
    );
}

#[test]
fn gap_option_names_starting_with_value() {
    // The crate's grammar ends a name at any word that merely starts with "value".
    assert!(crate_says_unknown("setoption name ValueScale value 3"));
    assert_eq!(
        parse_uci("setoption name ValueScale value 3"),
        set("ValueScale", Some("3"))
    );
}

// ---- one parser per line ---------------------------------------------------------------

/// Representative lines, the parser that reads each, and what it must read. The first group is
/// what GUIs send in a game; the second is each reason a line goes to our grammar.
#[test]
fn each_line_takes_one_path_and_reads_right() {
    use Path::{Grammar, Vampirc};
    let shredder = "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1";
    let four_fields = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let cases: Vec<(String, Path, Command)> = vec![
        ("uci".into(), Vampirc, Command::Uci),
        ("isready".into(), Vampirc, Command::IsReady),
        ("isready\r\n".into(), Vampirc, Command::IsReady),
        ("ucinewgame".into(), Vampirc, Command::NewGame),
        ("debug on".into(), Vampirc, Command::Debug(true)),
        (
            "setoption name Move Overhead value 30".into(),
            Vampirc,
            set("Move Overhead", Some("30")),
        ),
        (
            "setoption name Clear Hash".into(),
            Vampirc,
            set("Clear Hash", None),
        ),
        (
            "position startpos moves e2e4 e7e5".into(),
            Vampirc,
            position(StartPos::Startpos, &["e2e4", "e7e5"]),
        ),
        (
            format!("position fen {START_FEN} moves e2e4"),
            Vampirc,
            position(fen(START_FEN), &["e2e4"]),
        ),
        (
            "go wtime 60000 btime 59000 winc 1000 binc 1000".into(),
            Vampirc,
            go(|p| {
                p.wtime = Some(60000);
                p.btime = Some(59000);
                p.winc = Some(1000);
                p.binc = Some(1000);
            }),
        ),
        ("go infinite".into(), Vampirc, go(|p| p.infinite = true)),
        ("go depth 12".into(), Vampirc, go(|p| p.depth = Some(12))),
        (
            "go searchmoves e2e4 d2d4 movetime 500".into(),
            Vampirc,
            go(|p| {
                p.searchmoves = vec!["e2e4".into(), "d2d4".into()];
                p.movetime = Some(500);
            }),
        ),
        ("stop".into(), Vampirc, Command::Stop),
        ("quit".into(), Vampirc, Command::Quit),
        // Our extensions.
        (
            "go perft 5".into(),
            Grammar,
            Command::Perft {
                depth: 5,
                fen: None,
                stats: false,
            },
        ),
        ("bench".into(), Grammar, Command::Bench { depth: None }),
        ("d".into(), Grammar, Command::Display),
        // FENs the crate refuses.
        (
            format!("position fen {shredder} moves g1h3"),
            Grammar,
            position(fen(shredder), &["g1h3"]),
        ),
        (
            format!("position fen {four_fields}"),
            Grammar,
            position(fen(four_fields), &[]),
        ),
        // Limits the crate drops, truncates or panics on.
        (
            "go ponder wtime 1000 btime 2000".into(),
            Grammar,
            go(|p| {
                p.ponder = true;
                p.wtime = Some(1000);
                p.btime = Some(2000);
            }),
        ),
        ("go depth 256".into(), Grammar, go(|p| p.depth = Some(256))),
        (
            "go mate 0 depth 4".into(),
            Grammar,
            go(|p| p.depth = Some(4)),
        ),
        // Spacing and case.
        ("go  depth 5".into(), Grammar, go(|p| p.depth = Some(5))),
        ("go depth 5 ".into(), Grammar, go(|p| p.depth = Some(5))),
        (
            "position startpos moves  e2e4".into(),
            Grammar,
            position(StartPos::Startpos, &["e2e4"]),
        ),
        ("ISREADY".into(), Grammar, Command::IsReady),
        (
            "setoption name SyzygyPath value C:\\My  Tables".into(),
            Grammar,
            set("SyzygyPath", Some("C:\\My  Tables")),
        ),
        // Values and moves the crate loses.
        (
            "setoption name SyzygyPath value".into(),
            Grammar,
            set("SyzygyPath", Some("")),
        ),
        (
            "position startpos moves e2e4 0000 e7e5".into(),
            Grammar,
            position(StartPos::Startpos, &["e2e4", "0000", "e7e5"]),
        ),
        // What the spec asks engines to skip, and what cannot be understood.
        ("joho debug on".into(), Grammar, Command::Debug(true)),
        ("isready foo".into(), Grammar, Command::IsReady),
        ("register later".into(), Grammar, Command::Register),
        ("".into(), Grammar, Command::Empty),
    ];
    for (line, expected_path, expected) in cases {
        assert_eq!(path(&line), expected_path, "{line:?}");
        assert_eq!(parse_uci(&line), expected, "{line:?}");
        assert_eq!(
            vampirc_reading(&line).is_some(),
            expected_path == Vampirc,
            "{line:?}"
        );
        assert_eq!(cross_check(&line), Ok(()), "{line:?}");
    }
    assert!(matches!(parse_uci("foo"), Command::Unknown { .. }));
    assert_eq!(path("foo"), Grammar);
}

// ---- the crate's lines: both readings agree ---------------------------------------------

#[test]
fn tidy_lines_take_the_vampirc_path_and_agree() {
    let lines = [
        "uci",
        "isready",
        "ucinewgame",
        "stop",
        "ponderhit",
        "quit",
        "debug on",
        "debug off",
        "setoption name Hash value 64",
        "setoption name Clear Hash",
        "setoption name Move Overhead value 30",
        "setoption name SyzygyPath value /tb/a:/tb/b",
        "position startpos",
        "position startpos moves e2e4 e7e5 g1f3",
        "position startpos moves",
        "position startpos moves e2e4 e7e5 e4e5 d7d5 e5d6 a7a6 d6c7 a6a5 c7b8q",
        &format!("position fen {START_FEN}"),
        &format!("position fen {START_FEN} moves e2e4"),
        "go",
        "go infinite",
        "go ponder",
        "go ponder depth 5",
        "go depth 12",
        "go nodes 1000000",
        "go mate 3",
        "go movetime 1000",
        "go movetime -5",
        "go wtime 300000 btime 300000 winc 2000 binc 2000",
        "go wtime -500 btime +300",
        "go wtime 1000 btime 1000 movestogo 40",
        "go searchmoves e2e4 d2d4 depth 3",
        "go infinite searchmoves e2e4",
    ];
    for line in lines {
        assert_eq!(path(line), Path::Vampirc, "{line}");
        let theirs = vampirc_reading(line);
        assert!(theirs.is_some(), "{line}: the crate failed");
        assert_eq!(theirs, Some(parse_uci(line)), "{line}");
        assert_eq!(cross_check(line), Ok(()), "{line}");
    }
}

#[test]
fn lines_on_the_grammar_path_have_no_vampirc_reading() {
    for line in [
        "",
        "go perft 3",
        "go depth 5 depth 6",
        "go searchmoves",
        "go ponder movetime 5",
        "GO depth 5",
        "position startpos moves e7e8Q",
        "setoption name Hash VALUE 3",
        "setoption name Path value a  b",
        "info depth 300",
        "bestmove e2e4",
        "register later",
        "d",
    ] {
        assert_eq!(path(line), Path::Grammar, "{line}");
        assert_eq!(vampirc_reading(line), None, "{line}");
        assert_eq!(cross_check(line), Ok(()), "{line}");
    }
}

// ---- commands ---------------------------------------------------------------------------

#[test]
fn simple_commands() {
    for (line, command) in [
        ("uci", Command::Uci),
        ("xboard", Command::Xboard),
        ("isready", Command::IsReady),
        ("ucinewgame", Command::NewGame),
        ("stop", Command::Stop),
        ("ponderhit", Command::PonderHit),
        ("quit", Command::Quit),
        ("d", Command::Display),
        ("eval", Command::Eval),
        ("bench", Command::Bench { depth: None }),
        ("bench 8", Command::Bench { depth: Some(8) }),
        (
            "perft 4",
            Command::Perft {
                depth: 4,
                fen: None,
                stats: false,
            },
        ),
        ("register later", Command::Register),
        ("register name Someone code 1234", Command::Register),
        ("debug on", Command::Debug(true)),
        ("debug OFF", Command::Debug(false)),
        ("ISREADY", Command::IsReady),
        ("", Command::Empty),
        ("  \t \r\n", Command::Empty),
    ] {
        assert_eq!(parse_uci(line), command, "{line:?}");
    }
}

#[test]
fn unknown_leading_tokens_are_skipped_as_the_spec_asks() {
    let parsed = parse_uci_verbose("joho debug on");
    assert_eq!(parsed.command, Command::Debug(true));
    assert_eq!(
        parsed.warnings,
        ["ignored unknown text 'joho' before 'debug'"]
    );
    // Extensions only count as the first word, so garbage cannot start a perft.
    assert_eq!(reason(parse_uci("hello d")), "unknown command 'hello'");
    assert_eq!(reason(parse_uci("foo bar")), "unknown command 'foo'");
    assert_eq!(
        reason(parse_uci("usermove e2e4")),
        "unknown command 'usermove'"
    );
}

#[test]
fn debug_needs_on_or_off() {
    assert_eq!(reason(parse_uci("debug")), "debug: expected 'on' or 'off'");
    assert_eq!(
        reason(parse_uci("debug maybe")),
        "debug: expected 'on' or 'off'"
    );
}

#[test]
fn setoption_forms() {
    for (line, expected) in [
        ("setoption name Hash value 128", set("Hash", Some("128"))),
        ("setoption name hash value 128", set("hash", Some("128"))),
        ("SETOPTION NAME Hash VALUE 128", set("Hash", Some("128"))),
        ("setoption name Clear Hash", set("Clear Hash", None)),
        ("setoption name  Clear   Hash  ", set("Clear Hash", None)),
        (
            "setoption name Move Overhead value 100",
            set("Move Overhead", Some("100")),
        ),
        (
            "setoption name UCI_Chess960 value true",
            set("UCI_Chess960", Some("true")),
        ),
        (
            "setoption name SyzygyPath value C:\\Syzygy  Tables\\3-4-5 \r\n",
            set("SyzygyPath", Some("C:\\Syzygy  Tables\\3-4-5")),
        ),
        (
            "setoption name BookFile value my book.bin",
            set("BookFile", Some("my book.bin")),
        ),
        (
            "setoption name Style value a value b",
            set("Style", Some("a value b")),
        ),
    ] {
        assert_eq!(parse_uci(line), expected, "{line:?}");
    }
    match parse_uci("setoption name CLEAR hash") {
        Command::SetOption(s) => {
            assert!(s.is("Clear Hash"));
            assert_eq!(s.name, "CLEAR hash");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn setoption_errors() {
    assert_eq!(reason(parse_uci("setoption")), "setoption: expected 'name'");
    assert_eq!(
        reason(parse_uci("setoption Hash 3")),
        "setoption: expected 'name', found 'Hash'"
    );
    assert_eq!(
        reason(parse_uci("setoption name")),
        "setoption: missing option name"
    );
    assert_eq!(
        reason(parse_uci("setoption name value 3")),
        "setoption: missing option name"
    );
}

#[test]
fn position_forms() {
    for (line, expected) in [
        ("position startpos", position(StartPos::Startpos, &[])),
        (
            "position STARTPOS MOVES e2e4",
            position(StartPos::Startpos, &["e2e4"]),
        ),
        ("position startpos moves", position(StartPos::Startpos, &[])),
        (
            "position startpos moves e1g1 e8c8 e7e8q a2a1N",
            position(StartPos::Startpos, &["e1g1", "e8c8", "e7e8q", "a2a1N"]),
        ),
        (
            "position fen 4k3/8/8/8/8/8/8/4K3 w - - 0 1 moves e1e2",
            position(fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), &["e1e2"]),
        ),
        (
            "position fen 4k3/8/8/8/8/8/8/4K3 w",
            position(fen("4k3/8/8/8/8/8/8/4K3 w"), &[]),
        ),
        (
            "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1",
            position(
                fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w AHah - 0 1"),
                &[],
            ),
        ),
        (
            // X-FEN castling letters naming an outer rook.
            "position fen 1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1 moves e1g1",
            position(fen("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1"), &["e1g1"]),
        ),
        (
            // Garbage FEN fields are the board's to reject, with its own message.
            "position fen nonsense moves e2e4",
            position(fen("nonsense"), &["e2e4"]),
        ),
    ] {
        assert_eq!(parse_uci(line), expected, "{line:?}");
    }
}

#[test]
fn position_errors() {
    for (line, why) in [
        ("position", "position: expected 'startpos' or 'fen'"),
        (
            "position e2e4",
            "position: expected 'startpos' or 'fen', found 'e2e4'",
        ),
        ("position fen", "position fen: missing FEN"),
        ("position fen moves e2e4", "position fen: missing FEN"),
        (
            "position startpos e2e4",
            "position: expected 'moves' after the start position, found 'e2e4'",
        ),
        (
            "position startpos fen x",
            "position: expected 'moves' after the start position, found 'fen'",
        ),
        (
            "position fen a b c d e f g moves e2e4",
            "position fen: a FEN has at most 6 fields, found 7 before 'moves'",
        ),
        (
            "position fen 8/8/8/8/8/8/8/8 w - - 0 1 e2e4",
            "position fen: a FEN has at most 6 fields, found 7 before the end of the line",
        ),
    ] {
        assert_eq!(reason(parse_uci(line)), why, "{line}");
    }
}

#[test]
fn go_forms() {
    for (line, expected) in [
        ("go", go(|_| {})),
        ("go infinite", go(|p| p.infinite = true)),
        ("go ponder", go(|p| p.ponder = true)),
        ("go depth 0", go(|p| p.depth = Some(0))),
        ("go depth 2147483647", go(|p| p.depth = Some(i32::MAX))),
        (
            "go nodes 18446744073709551615",
            go(|p| p.nodes = Some(u64::MAX)),
        ),
        ("go movetime 2500", go(|p| p.movetime = Some(2500))),
        ("go mate 7", go(|p| p.mate = Some(7))),
        ("GO DEPTH 3", go(|p| p.depth = Some(3))),
        ("go depth 5 depth 6", go(|p| p.depth = Some(6))),
        (
            "go wtime -100 btime -2 winc 0 binc 0",
            go(|p| {
                p.wtime = Some(-100);
                p.btime = Some(-2);
                p.winc = Some(0);
                p.binc = Some(0);
            }),
        ),
        (
            "go btime 59000 wtime 61000 movestogo 12 binc 500 winc 500",
            go(|p| {
                p.wtime = Some(61000);
                p.btime = Some(59000);
                p.winc = Some(500);
                p.binc = Some(500);
                p.movestogo = Some(12);
            }),
        ),
        (
            "go ponder wtime 1 btime 2 movestogo 3 searchmoves e2e4 d2d4",
            go(|p| {
                p.ponder = true;
                p.wtime = Some(1);
                p.btime = Some(2);
                p.movestogo = Some(3);
                p.searchmoves = vec!["e2e4".into(), "d2d4".into()];
            }),
        ),
        (
            "go searchmoves e1h1 infinite",
            go(|p| {
                p.searchmoves = vec!["e1h1".into()];
                p.infinite = true;
            }),
        ),
    ] {
        assert_eq!(parse_uci(line), expected, "{line}");
    }
    let parsed = parse_uci_verbose("go searchmoves depth 4");
    assert_eq!(parsed.command, go(|p| p.depth = Some(4)));
    assert_eq!(parsed.warnings, ["go: ignored 'searchmoves' without moves"]);
}

/// A GUI that sent `go` waits for `bestmove`: a bad value is reported and dropped (or, when only
/// too large, clamped), the rest of the line still searches, and a line left with no limit
/// searches the fallback time rather than nothing or forever.
#[test]
fn go_bad_values_are_reported_and_the_search_still_runs() {
    use crate::uci::go::FALLBACK_MOVETIME_MS;
    let fallback = |p: &mut GoParams| p.movetime = Some(FALLBACK_MOVETIME_MS);
    let no_limit_left = "go: no usable limit left; searching 1000 ms";
    let cases: Vec<(&str, Command, Vec<&str>)> = vec![
        (
            "go depth",
            go(fallback),
            vec!["go depth: missing value; ignored", no_limit_left],
        ),
        (
            "go depth x",
            go(fallback),
            vec![
                "go depth: 'x' is not a whole number; ignored",
                no_limit_left,
            ],
        ),
        (
            "go depth -1",
            go(fallback),
            vec!["go depth: -1 is below 0; ignored", no_limit_left],
        ),
        (
            "go depth 99999999999",
            go(|p| p.depth = Some(i32::MAX)),
            vec!["go depth: value too large, using 2147483647"],
        ),
        (
            "go nodes -5",
            go(fallback),
            vec!["go nodes: -5 is below 0; ignored", no_limit_left],
        ),
        (
            "go mate -3",
            go(fallback),
            vec!["go mate: -3 is below 1; ignored", no_limit_left],
        ),
        (
            "go mate 0",
            go(fallback),
            vec![
                "go mate 0: a mate in no moves is nothing to search for; ignored",
                no_limit_left,
            ],
        ),
        (
            "go wtime abc btime def",
            go(fallback),
            vec![
                "go wtime: 'abc' is not a whole number; ignored",
                "go btime: 'def' is not a whole number; ignored",
                no_limit_left,
            ],
        ),
        (
            "go wtime 99999999999999999999999 btime 1000",
            go(|p| {
                p.wtime = Some(i64::MAX);
                p.btime = Some(1000);
            }),
            vec!["go wtime: value too large, using 9223372036854775807"],
        ),
        (
            "go wtime 1.5 btime 1000",
            go(|p| p.btime = Some(1000)),
            vec!["go wtime: '1.5' is not a whole number; ignored"],
        ),
        // A keyword where the value should be is read as the next keyword, not swallowed.
        (
            "go wtime btime 5",
            go(|p| p.btime = Some(5)),
            vec!["go wtime: missing value; ignored"],
        ),
        (
            "go mate 0 depth 4",
            go(|p| p.depth = Some(4)),
            vec!["go mate 0: a mate in no moves is nothing to search for; ignored"],
        ),
        // `movetime` is reported to the GUI like every other field.
        (
            "go movetime soon",
            go(fallback),
            vec![
                "go movetime: 'soon' is not a whole number; ignored",
                no_limit_left,
            ],
        ),
        (
            "go movetime 99999999999999999999999",
            go(|p| p.movetime = Some(i64::MAX)),
            vec!["go movetime: value too large, using 9223372036854775807"],
        ),
        // Nothing was dropped: a bare `go` still searches until `stop`.
        ("go", go(|_| {}), vec![]),
    ];
    for (line, command, corrections) in cases {
        let parsed = parse_uci_verbose(line);
        assert_eq!(parsed.command, command, "{line}");
        assert_eq!(parsed.corrections, corrections, "{line}");
    }
    for (line, why) in [
        ("go perft", "go perft depth: missing value"),
        (
            "go perft x",
            "go perft depth: expected a whole number from 0 to 4294967295, found 'x'",
        ),
        (
            "go perft 5 statistics",
            "go perft: unknown word 'statistics' after the depth (expected 'stats', 'fen' or a FEN)",
        ),
        (
            "go perft 99999999999 stats",
            "go perft depth: expected a whole number from 0 to 4294967295, found '99999999999'",
        ),
    ] {
        assert_eq!(reason(parse_uci(line)), why, "{line}");
    }
}

#[test]
fn go_perft_stats() {
    for line in [
        "go perft 6 stats",
        "go perft 6 STATS infinite",
        "go movetime 5 perft 6 stats",
    ] {
        assert_eq!(
            parse_uci(line),
            Command::Perft {
                depth: 6,
                fen: None,
                stats: true,
            },
            "{line}"
        );
    }
    let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -";
    assert_eq!(
        parse_uci(&format!("go perft 2 stats fen {fen}")),
        Command::Perft {
            depth: 2,
            fen: Some(fen.into()),
            stats: true,
        }
    );
}

#[test]
fn go_perft_ignores_other_parameters_with_a_warning() {
    let parsed = parse_uci_verbose("go depth 3 perft 2 infinite");
    assert_eq!(
        parsed.command,
        Command::Perft {
            depth: 2,
            fen: None,
            stats: false,
        }
    );
    assert_eq!(
        parsed.warnings,
        ["ignored extra text after 'go perft N': 'depth 3 infinite'"]
    );
}

#[test]
fn unknown_input_has_a_short_excerpt_and_a_reason() {
    let huge = format!("{} {}", "x".repeat(1 << 20), "y".repeat(10));
    match parse_uci(&huge) {
        Command::Unknown { input, reason } => {
            assert!(input.len() <= 203);
            assert!(reason.starts_with("unknown command 'xxxx"));
            assert!(reason.len() < 80);
        }
        other => panic!("{other:?}"),
    }
    let garbage = String::from_utf8_lossy(&[0xff, 0xfe, 0x00, 0x1b, b'[', b'2', b'J']).into_owned();
    match parse_uci(&garbage) {
        Command::Unknown { input, .. } => assert!(!input.chars().any(char::is_control)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_megabyte_move_list_is_kept() {
    let line = format!("position startpos moves{}", " e2e4 e7e5".repeat(50_000));
    match parse_uci(&line) {
        Command::Position { moves, .. } => assert_eq!(moves.len(), 100_000),
        other => panic!("{other:?}"),
    }
}

// ---- inputs the fuzzer found ------------------------------------------------------------

/// Found by `cargo fuzz` within seconds: the vetting of `setoption` sliced a word at byte 5,
/// inside a multi-byte character (lossy UTF-8 makes `\u{fffd}` out of invalid bytes).
#[test]
fn fuzz_setoption_word_with_multibyte_char_at_byte_5() {
    let line =
        String::from_utf8_lossy(b"setoption name SyzygyPath vap\xe2ue <empty>\n").into_owned();
    let expected = set("SyzygyPath vap\u{fffd}ue <empty>", None);
    assert_eq!(parse_uci(&line), expected);
    assert_eq!(vampirc_reading(&line), Some(expected));
    assert_eq!(cross_check(&line), Ok(()));
}
