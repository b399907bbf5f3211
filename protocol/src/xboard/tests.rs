//! CECP parsing tests.

use super::*;

fn xb(line: &str) -> XbCommand {
    match parse_xboard(line) {
        Command::Xb(c) => c,
        other => panic!("{line:?}: expected an xboard command, got {other:?}"),
    }
}

fn reason(line: &str) -> String {
    match parse_xboard(line) {
        Command::Unknown { reason, .. } => reason,
        other => panic!("{line:?}: expected Unknown, got {other:?}"),
    }
}

fn level(moves_per_session: u32, base_ms: u64, increment_ms: u64) -> XbCommand {
    XbCommand::Level {
        moves_per_session,
        base_ms,
        increment_ms,
    }
}

#[test]
fn commands_without_arguments() {
    for (line, expected) in [
        ("new", XbCommand::New),
        ("force", XbCommand::Force),
        ("go", XbCommand::Go),
        ("playother", XbCommand::PlayOther),
        ("white", XbCommand::White),
        ("black", XbCommand::Black),
        ("undo", XbCommand::Undo),
        ("remove", XbCommand::Remove),
        ("post", XbCommand::Post),
        ("nopost", XbCommand::NoPost),
        ("hard", XbCommand::Hard),
        ("easy", XbCommand::Easy),
        ("analyze", XbCommand::Analyze),
        ("exit", XbCommand::ExitAnalyze),
        (".", XbCommand::AnalyzeUpdate),
        ("?", XbCommand::MoveNow),
        ("draw", XbCommand::Draw),
        ("hint", XbCommand::Hint),
        ("bk", XbCommand::Bk),
        ("computer", XbCommand::Computer),
        ("random", XbCommand::Random),
        ("pause", XbCommand::Pause),
        ("resume", XbCommand::Resume),
        ("  new \r\n", XbCommand::New),
    ] {
        assert_eq!(xb(line), expected, "{line:?}");
    }
    assert_eq!(parse_xboard("xboard"), Command::Xboard);
    assert_eq!(parse_xboard("quit"), Command::Quit);
    assert_eq!(parse_xboard("uci"), Command::Uci);
    assert_eq!(parse_xboard(""), Command::Empty);
    assert_eq!(parse_xboard(" \r\n"), Command::Empty);
    let parsed = parse_xboard_verbose("force now");
    assert_eq!(parsed.command, Command::Xb(XbCommand::Force));
    assert_eq!(parsed.warnings, ["ignored extra text after 'force': 'now'"]);
}

#[test]
fn numbers() {
    assert_eq!(xb("protover 2"), XbCommand::Protover(2));
    assert_eq!(xb("sd 8"), XbCommand::Sd(8));
    assert_eq!(xb("nps 50000"), XbCommand::Nps(50000));
    assert_eq!(xb("time 30000"), XbCommand::Time(30000));
    assert_eq!(xb("otim 2999"), XbCommand::Otim(2999));
    assert_eq!(xb("time -150"), XbCommand::Time(-150));
    assert_eq!(xb("ping 17"), XbCommand::Ping(17));
    assert_eq!(xb("memory 256"), XbCommand::Memory(256));
    assert_eq!(xb("cores 4"), XbCommand::Cores(4));
    assert_eq!(reason("protover"), "protover: missing value");
    assert_eq!(
        reason("sd x"),
        "sd: expected a whole number from 0 to 4294967295, found 'x'"
    );
    assert_eq!(
        reason("sd -3"),
        "sd: expected a whole number from 0 to 4294967295, found '-3'"
    );
    assert_eq!(
        reason("time 1.5"),
        "time: expected a whole number from -9223372036854775808 to 9223372036854775807, found '1.5'"
    );
    assert_eq!(
        reason("cores 99999999999"),
        "cores: expected a whole number from 0 to 4294967295, found '99999999999'"
    );
}

#[test]
fn level_forms() {
    for (line, expected) in [
        ("level 40 5 0", level(40, 300_000, 0)),
        ("level 0 2:30 1.5", level(0, 150_000, 1500)),
        ("level 0 5 3", level(0, 300_000, 3000)),
        ("level 40 0:30 0", level(40, 30_000, 0)),
        ("level 0 1:30.5 0", level(0, 90_500, 0)),
        ("level 0 0.5 0.1", level(0, 30_000, 100)),
        ("level 0 120 0", level(0, 7_200_000, 0)),
        ("level 1 0:05 0", level(1, 5_000, 0)),
    ] {
        assert_eq!(xb(line), expected, "{line}");
    }
    for (line, why) in [
        (
            "level",
            "level: expected 'level MPS BASE INC', found 0 argument(s)",
        ),
        (
            "level 40 5",
            "level: expected 'level MPS BASE INC', found 2 argument(s)",
        ),
        (
            "level x 5 0",
            "level moves per session: expected a whole number from 0 to 4294967295, found 'x'",
        ),
        (
            "level 40 5:x 0",
            "level: base time '5:x' is not minutes or minutes:seconds",
        ),
        (
            "level 40 :30 0",
            "level: base time ':30' is not minutes or minutes:seconds",
        ),
        (
            "level 40 -5 0",
            "level: base time '-5' is not minutes or minutes:seconds",
        ),
        (
            "level 40 5 -1",
            "level: increment '-1' is not a number of seconds",
        ),
        (
            "level 40 5 1e3",
            "level: increment '1e3' is not a number of seconds",
        ),
        (
            "level 0 999999999999999999 0",
            "level: base time '999999999999999999' is not minutes or minutes:seconds",
        ),
    ] {
        assert_eq!(reason(line), why, "{line}");
    }
}

#[test]
fn st_forms() {
    assert_eq!(xb("st 10"), XbCommand::St { ms: 10_000 });
    assert_eq!(xb("st 0.5"), XbCommand::St { ms: 500 });
    assert_eq!(xb("st 0"), XbCommand::St { ms: 0 });
    assert_eq!(reason("st"), "st: missing value");
    assert_eq!(reason("st ten"), "st: 'ten' is not a number of seconds");
    assert_eq!(reason("st -1"), "st: '-1' is not a number of seconds");
}

#[test]
fn moves_bare_and_with_usermove() {
    for (line, m) in [
        ("e2e4", "e2e4"),
        ("e7e8q", "e7e8q"),
        ("e7e8Q", "e7e8q"),
        ("O-O", "O-O"),
        ("O-O-O", "O-O-O"),
        ("o-o", "O-O"),
        ("0-0-0", "O-O-O"),
        ("e1h1", "e1h1"),
        ("usermove e2e4", "e2e4"),
        ("usermove O-O", "O-O"),
        ("usermove b7a8N", "b7a8n"),
        // Not a move, but after `usermove` the engine answers `Illegal move: e9e4`.
        ("usermove e9e4", "e9e4"),
        ("usermove Nf3", "Nf3"),
    ] {
        assert_eq!(xb(line), XbCommand::UserMove(m.to_string()), "{line}");
    }
    assert_eq!(reason("usermove"), "usermove: missing move");
    assert_eq!(reason("e9e4"), "unknown command");
    assert_eq!(reason("Nf3"), "unknown command");
    // Commands win over move shapes: there is no command that looks like a move, but check
    // that a command name is never taken for one.
    assert_eq!(xb("new"), XbCommand::New);
}

#[test]
fn text_arguments() {
    assert_eq!(
        xb("variant fischerandom"),
        XbCommand::Variant("fischerandom".into())
    );
    assert_eq!(
        xb("accepted usermove"),
        XbCommand::Accepted("usermove".into())
    );
    assert_eq!(xb("rejected egt"), XbCommand::Rejected("egt".into()));
    assert_eq!(
        xb("name Some  Player"),
        XbCommand::Name("Some  Player".into())
    );
    assert_eq!(xb("ics -"), XbCommand::Ics("-".into()));
    assert_eq!(reason("variant"), "variant: missing argument");
    assert_eq!(
        xb("setboard rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
        XbCommand::SetBoard("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".into())
    );
    assert_eq!(
        xb("setboard  8/8/8/8/8/8/8/K6k   w - -"),
        XbCommand::SetBoard("8/8/8/8/8/8/8/K6k w - -".into())
    );
    assert_eq!(reason("setboard"), "setboard: missing FEN");
    assert_eq!(
        reason("setboard a b c d e f g"),
        "setboard: a FEN has at most 6 fields, found 7"
    );
}

#[test]
fn result_forms() {
    let r = |result, comment: Option<&str>| XbCommand::Result {
        result,
        comment: comment.map(Into::into),
    };
    assert_eq!(
        xb("result 1-0 {White mates}"),
        r(Some(GameResult::WhiteWins), Some("White mates"))
    );
    assert_eq!(
        xb("result 0-1 {Black mates}"),
        r(Some(GameResult::BlackWins), Some("Black mates"))
    );
    assert_eq!(
        xb("result 1/2-1/2 {Draw by repetition}"),
        r(Some(GameResult::Draw), Some("Draw by repetition"))
    );
    assert_eq!(xb("result * {aborted}"), r(None, Some("aborted")));
    assert_eq!(xb("result 1-0"), r(Some(GameResult::WhiteWins), None));
    assert_eq!(
        xb("result 1-0 {}"),
        r(Some(GameResult::WhiteWins), Some(""))
    );
    assert_eq!(
        xb("result 1-0 {unclosed"),
        r(Some(GameResult::WhiteWins), Some("unclosed"))
    );
    assert_eq!(
        xb("result 1-0 no braces"),
        r(Some(GameResult::WhiteWins), Some("no braces"))
    );
    assert_eq!(reason("result"), "result: missing result");
    assert_eq!(
        reason("result 2-0"),
        "result: expected 1-0, 0-1, 1/2-1/2 or *, found '2-0'"
    );
}

#[test]
fn rating_and_egtpath() {
    assert_eq!(
        xb("rating 2300 2100"),
        XbCommand::Rating {
            engine: 2300,
            opponent: 2100
        }
    );
    assert_eq!(
        xb("rating 0 -5"),
        XbCommand::Rating {
            engine: 0,
            opponent: -5
        }
    );
    assert_eq!(reason("rating 2300"), "rating (opponent): missing value");
    assert_eq!(
        xb("egtpath syzygy /home/me/Syzygy Tables/3-4-5"),
        XbCommand::EgtPath {
            kind: "syzygy".into(),
            path: "/home/me/Syzygy Tables/3-4-5".into()
        }
    );
    assert_eq!(
        reason("egtpath syzygy"),
        "egtpath: expected 'egtpath TYPE PATH'"
    );
}

#[test]
fn option_becomes_setoption() {
    let set = |name: &str, value: Option<&str>| {
        Command::SetOption(OptionSetting {
            name: name.into(),
            value: value.map(Into::into),
        })
    };
    assert_eq!(parse_xboard("option Hash=64"), set("Hash", Some("64")));
    assert_eq!(
        parse_xboard("option Move Overhead=30"),
        set("Move Overhead", Some("30"))
    );
    assert_eq!(parse_xboard("option Clear Hash"), set("Clear Hash", None));
    assert_eq!(
        parse_xboard("option SyzygyPath="),
        set("SyzygyPath", Some(""))
    );
    assert_eq!(
        parse_xboard("option BookFile=a=b.bin"),
        set("BookFile", Some("a=b.bin"))
    );
    assert_eq!(
        parse_xboard("option  Move   Overhead = 30 "),
        set("Move Overhead", Some("30"))
    );
    assert_eq!(reason("option"), "option: missing option name");
    assert_eq!(reason("option =5"), "option: missing option name");
}

#[test]
fn extensions_work_in_xboard_too() {
    assert_eq!(
        parse_xboard("perft 5"),
        Command::Perft {
            depth: 5,
            fen: None,
            stats: false,
        }
    );
    assert_eq!(
        parse_xboard("perft 4 stats"),
        Command::Perft {
            depth: 4,
            fen: None,
            stats: true,
        }
    );
    assert!(matches!(
        parse_xboard("perft 4 stat"),
        Command::Unknown { reason, .. } if reason.contains("unknown word 'stat'")
    ));
    assert_eq!(parse_xboard("bench"), Command::Bench { depth: None });
    assert_eq!(parse_xboard("d"), Command::Display);
    assert_eq!(parse_xboard("eval"), Command::Eval);
}

#[test]
fn unsupported_and_unknown_commands_say_why() {
    assert_eq!(reason("edit"), "edit mode is not supported, use setboard");
    assert_eq!(reason("exclude e2e4"), "exclude is not supported");
    assert_eq!(reason("foo"), "unknown command");
    assert_eq!(reason("isready"), "unknown command");
    match parse_xboard(&"z".repeat(1 << 20)) {
        Command::Unknown { input, .. } => assert!(input.len() <= 203),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_full_xboard_session_parses() {
    let session = [
        "xboard",
        "protover 2",
        "accepted setboard",
        "accepted usermove",
        "new",
        "variant fischerandom",
        "random",
        "level 40 5 0",
        "post",
        "hard",
        "easy",
        "time 30000",
        "otim 30000",
        "setboard bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
        "usermove e2e4",
        "ping 1",
        "force",
        "undo",
        "remove",
        "go",
        "playother",
        "?",
        "analyze",
        ".",
        "exit",
        "result 1/2-1/2 {Draw by repetition}",
        "quit",
    ];
    for line in session {
        let parsed = parse_xboard_verbose(line);
        assert!(
            !matches!(parsed.command, Command::Unknown { .. }),
            "{line}: {parsed:?}"
        );
        assert!(parsed.warnings.is_empty(), "{line}: {parsed:?}");
    }
}
