//! Formatting tests for both dialects.

use super::*;
use outpost_types::{Bound, CurrMove, Score, SearchInfo};

fn uci(reply: Reply) -> Vec<String> {
    reply.lines(Dialect::Uci)
}

fn xb(reply: Reply) -> Vec<String> {
    reply.lines(Dialect::Xboard)
}

fn outpost_options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::spin("Hash", 16, 1, 65536),
        OptionSpec::button("Clear Hash"),
        OptionSpec::spin("Threads", 1, 1, 1024),
        OptionSpec::check("Ponder", false),
        OptionSpec::check("UCI_ShowWDL", true),
        OptionSpec::path("SyzygyPath", ""),
        OptionSpec::file("BookFile", "book.bin"),
        OptionSpec::string("Label", "a b"),
        OptionSpec::combo("Style", "Normal", &["Solid", "Normal", "Risky"]),
    ]
}

fn handshake() -> Reply {
    Reply::Handshake(Handshake {
        name: "Outpost 0.1.0".into(),
        author: "The Outpost developers".into(),
        options: outpost_options(),
        features: Features::default(),
    })
}

#[test]
fn uci_handshake() {
    assert_eq!(
        uci(handshake()),
        [
            "id name Outpost 0.1.0",
            "id author The Outpost developers",
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Clear Hash type button",
            "option name Threads type spin default 1 min 1 max 1024",
            "option name Ponder type check default false",
            "option name UCI_ShowWDL type check default true",
            "option name SyzygyPath type string default <empty>",
            "option name BookFile type string default book.bin",
            "option name Label type string default a b",
            "option name Style type combo default Normal var Solid var Normal var Risky",
            "uciok",
        ]
    );
}

#[test]
fn xboard_handshake_has_the_features_of_issue_4() {
    assert_eq!(
        xb(handshake()),
        [
            "feature done=0",
            "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
             analyze=1 colors=0 myname=\"Outpost 0.1.0\" variants=\"normal,fischerandom\" \
             name=1 memory=1 smp=1 egt=\"syzygy\"",
            "feature option=\"Hash -spin 16 1 65536\"",
            "feature option=\"Clear Hash -button\"",
            "feature option=\"Threads -spin 1 1 1024\"",
            "feature option=\"Ponder -check 0\"",
            "feature option=\"UCI_ShowWDL -check 1\"",
            "feature option=\"SyzygyPath -path\"",
            "feature option=\"BookFile -file book.bin\"",
            "feature option=\"Label -string a b\"",
            "feature option=\"Style -combo Solid /// *Normal /// Risky\"",
            "feature done=1",
        ]
    );
    let without_egt = Reply::Handshake(Handshake {
        name: "X \"quoted\"".into(),
        author: String::new(),
        options: Vec::new(),
        features: Features {
            egt: Vec::new(),
            memory: false,
            smp: false,
            ..Features::default()
        },
    });
    assert_eq!(
        xb(without_egt)[1],
        "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 \
         analyze=1 colors=0 myname=\"X 'quoted'\" variants=\"normal,fischerandom\" name=1 \
         memory=0 smp=0"
    );
}

fn full_info() -> SearchInfo<String> {
    SearchInfo {
        depth: 12,
        seldepth: 18,
        multipv: 1,
        score: Score::Cp(34),
        bound: Bound::Exact,
        nodes: 1_234_567,
        nps: 987_654,
        hashfull: 231,
        tbhits: 5,
        time_ms: 1250,
        pv: vec!["e2e4".into(), "e7e5".into(), "g1f3".into()],
    }
}

fn info(info: SearchInfo<String>) -> Reply {
    Reply::Info { info, wdl: None }
}

#[test]
fn uci_info_line_prints_its_fields_in_conventional_order() {
    assert_eq!(
        uci(Reply::Info {
            info: full_info(),
            wdl: Some((412, 501, 87))
        }),
        [
            "info depth 12 seldepth 18 multipv 1 score cp 34 wdl 412 501 87 nodes 1234567 \
          nps 987654 hashfull 231 tbhits 5 time 1250 pv e2e4 e7e5 g1f3"
        ]
    );
    assert_eq!(
        uci(info(full_info())),
        [
            "info depth 12 seldepth 18 multipv 1 score cp 34 nodes 1234567 nps 987654 \
          hashfull 231 tbhits 5 time 1250 pv e2e4 e7e5 g1f3"
        ]
    );
    let bounded = Reply::Info {
        info: SearchInfo {
            score: Score::Cp(-20),
            bound: Bound::Upper,
            ..full_info()
        },
        wdl: Some((1, 2, 997)),
    };
    assert!(uci(bounded)[0].contains(" score cp -20 upperbound wdl 1 2 997 nodes "));
    let mate = SearchInfo {
        score: Score::Mate(-3),
        bound: Bound::Lower,
        ..full_info()
    };
    assert!(uci(info(mate))[0].contains(" score mate -3 lowerbound nodes "));
    // A root without legal moves: no PV, and depths below zero never reach the GUI.
    let no_move = SearchInfo {
        depth: -1,
        seldepth: 0,
        score: Score::Mate(0),
        pv: Vec::new(),
        ..full_info()
    };
    assert_eq!(
        uci(info(no_move)),
        [
            "info depth 0 seldepth 0 multipv 1 score mate 0 nodes 1234567 nps 987654 \
          hashfull 231 tbhits 5 time 1250"
        ]
    );
    let currmove = Reply::CurrMove(CurrMove {
        depth: 20,
        mv: "g1f3".into(),
        number: 3,
    });
    assert_eq!(
        uci(currmove.clone()),
        ["info depth 20 currmove g1f3 currmovenumber 3"]
    );
    // CECP has no line for it.
    assert!(xb(currmove).is_empty());
}

#[test]
fn xboard_thinking_output() {
    // All three optional fields, then a tab before the PV; `wdl` is UCI only.
    assert_eq!(
        xb(Reply::Info {
            info: full_info(),
            wdl: Some((412, 501, 87))
        }),
        ["12 34 125 1234567 18 987654 5\te2e4 e7e5 g1f3"]
    );
    let bounded = SearchInfo {
        score: Score::Cp(-41),
        bound: Bound::Lower,
        time_ms: 1239,
        ..full_info()
    };
    assert_eq!(
        xb(info(bounded)),
        ["12 -41 123 1234567 18 987654 5\te2e4 e7e5 g1f3"]
    );
    let no_pv = SearchInfo {
        pv: Vec::new(),
        ..full_info()
    };
    assert_eq!(xb(info(no_pv)), ["12 34 125 1234567 18 987654 5"]);
}

#[test]
fn xboard_mate_scores_use_the_100000_convention() {
    use super::xboard::score;
    assert_eq!(score(Score::Mate(1)), 100_001);
    assert_eq!(score(Score::Mate(6)), 100_006);
    assert_eq!(score(Score::Mate(-1)), -100_001);
    assert_eq!(score(Score::Mate(-12)), -100_012);
    assert_eq!(score(Score::Mate(0)), -100_000);
    assert_eq!(score(Score::Cp(0)), 0);
    assert_eq!(score(Score::Cp(150_000)), 99_999);
    assert_eq!(score(Score::Cp(-150_000)), -99_999);
    assert_eq!(score(Score::Mate(i32::MAX)), 100_000 + i64::from(i32::MAX));
    assert_eq!(score(Score::Mate(i32::MIN)), -100_000 + i64::from(i32::MIN));
    let mate = SearchInfo {
        depth: 5,
        seldepth: 7,
        score: Score::Mate(3),
        nodes: 0,
        nps: 0,
        tbhits: 0,
        time_ms: 0,
        pv: Vec::new(),
        ..full_info()
    };
    assert_eq!(xb(info(mate)), ["5 100003 0 0 7 0 0"]);
}

#[test]
fn best_moves() {
    let with_ponder = Reply::BestMove {
        mv: "e2e4".into(),
        ponder: Some("e7e5".into()),
    };
    assert_eq!(uci(with_ponder.clone()), ["bestmove e2e4 ponder e7e5"]);
    assert_eq!(xb(with_ponder), ["move e2e4"]);
    let none = Reply::BestMove {
        mv: "0000".into(),
        ponder: None,
    };
    assert_eq!(uci(none), ["bestmove 0000"]);
    assert_eq!(
        xb(Reply::BestMove {
            mv: "O-O".into(),
            ponder: None
        }),
        ["move O-O"]
    );
}

#[test]
fn readiness() {
    assert_eq!(uci(Reply::ReadyOk), ["readyok"]);
    assert!(xb(Reply::ReadyOk).is_empty());
    assert_eq!(xb(Reply::Pong(42)), ["pong 42"]);
    assert!(uci(Reply::Pong(42)).is_empty());
}

#[test]
fn errors_and_illegal_moves() {
    let error = Reply::Error {
        reason: "unknown command".into(),
        command: "foo bar".into(),
    };
    assert_eq!(xb(error.clone()), ["Error (unknown command): foo bar"]);
    assert_eq!(uci(error), ["info string Error (unknown command): foo bar"]);
    let illegal = Reply::IllegalMove {
        mv: "e2e5".into(),
        reason: None,
    };
    assert_eq!(xb(illegal.clone()), ["Illegal move: e2e5"]);
    assert_eq!(uci(illegal), ["info string Illegal move: e2e5"]);
    let why = Reply::IllegalMove {
        mv: "e1g1".into(),
        reason: Some("in check".into()),
    };
    assert_eq!(xb(why.clone()), ["Illegal move (in check): e1g1"]);
    assert_eq!(uci(why), ["info string Illegal move (in check): e1g1"]);
}

#[test]
fn messages_results_and_raw_text() {
    assert_eq!(
        uci(Reply::InfoString("Hash set to 64 MB".into())),
        ["info string Hash set to 64 MB"]
    );
    assert_eq!(
        xb(Reply::InfoString("Hash set to 64 MB".into())),
        ["# Hash set to 64 MB"]
    );
    let over = Reply::GameOver {
        result: GameResult::WhiteWins,
        comment: "White mates".into(),
    };
    assert_eq!(xb(over.clone()), ["1-0 {White mates}"]);
    assert_eq!(uci(over), ["info string 1-0 {White mates}"]);
    let braces = Reply::GameOver {
        result: GameResult::Draw,
        comment: "a}b".into(),
    };
    assert_eq!(xb(braces), ["1/2-1/2 {a)b}"]);
    assert_eq!(xb(Reply::Hint("e2e4".into())), ["Hint: e2e4"]);
    assert!(uci(Reply::Hint("e2e4".into())).is_empty());
    assert_eq!(xb(Reply::Resign), ["resign"]);
    assert!(uci(Reply::Resign).is_empty());
    let perft = Reply::Raw("a2a3: 380\r\nb2b3: 420\n\nNodes searched: 800\n".into());
    let expected = ["a2a3: 380", "b2b3: 420", "", "Nodes searched: 800"];
    assert_eq!(uci(perft.clone()), expected);
    assert_eq!(xb(perft), expected);
    assert_eq!(uci(Reply::Raw(String::new())), [""]);
}

#[test]
fn no_field_can_break_a_line() {
    let evil = "a\nquit\rb\u{0}c".to_string();
    let replies = [
        Reply::BestMove {
            mv: evil.clone(),
            ponder: Some(evil.clone()),
        },
        Reply::InfoString(evil.clone()),
        Reply::Error {
            reason: evil.clone(),
            command: evil.clone(),
        },
        Reply::IllegalMove {
            mv: evil.clone(),
            reason: Some(evil.clone()),
        },
        Reply::GameOver {
            result: GameResult::Draw,
            comment: evil.clone(),
        },
        Reply::Hint(evil.clone()),
        info(SearchInfo {
            pv: vec![evil.clone()],
            ..full_info()
        }),
        Reply::CurrMove(CurrMove {
            depth: 1,
            mv: evil.clone(),
            number: 1,
        }),
        Reply::Handshake(Handshake {
            name: evil.clone(),
            author: evil.clone(),
            options: vec![
                OptionSpec::combo(&evil, &evil, &[&evil]),
                OptionSpec::string(&evil, &evil),
            ],
            features: Features {
                variants: vec![evil.clone()],
                ..Features::default()
            },
        }),
    ];
    for reply in replies {
        for dialect in [Dialect::Uci, Dialect::Xboard] {
            for line in reply.lines(dialect) {
                assert!(!line.contains(['\n', '\r', '\0']), "{dialect:?}: {line:?}");
            }
        }
    }
}
