//! Outpost's own commands, understood in both dialects: `perft`, `bench`, `d` and `eval`.
//! They are for people at a terminal and for scripts (`echo "perft 5" | outpost`), so they are
//! parsed the same way whichever protocol the GUI chose.

use crate::command::Command;
use crate::text::{self, Token};

/// Names of the extension commands, lowercase.
pub const NAMES: [&str; 4] = ["perft", "bench", "d", "eval"];

/// Parses an extension command whose name (lowercased) is `name` and whose arguments are `args`.
/// Returns `None` if `name` is not an extension. Ignored extra tokens are added to `warnings`.
pub fn parse(
    line: &str,
    name: &str,
    args: &[Token<'_>],
    warnings: &mut Vec<String>,
) -> Option<Command> {
    let command = match name {
        "perft" => perft(line, "perft", args),
        "bench" => bench(line, args, warnings),
        "d" => {
            no_arguments("d", args, warnings);
            Command::Display
        }
        "eval" => {
            no_arguments("eval", args, warnings);
            Command::Eval
        }
        _ => return None,
    };
    Some(command)
}

/// `perft N [stats] [[fen] FEN] [stats]`: `what` names the command in messages (`perft` or
/// `go perft`). `stats` may come right after the depth or last (the command line puts it after
/// the FEN). Without `fen`, a FEN is recognised by its first field's `/`: any other word after
/// the depth is refused rather than read as a FEN, so a misspelt `stats` gets a message that
/// names it instead of a FEN error.
pub fn perft(line: &str, what: &str, args: &[Token<'_>]) -> Command {
    let depth = match text::number::<u32>(&format!("{what} depth"), args.first()) {
        Ok(depth) => depth,
        Err(e) => return Command::unknown(line, e.to_string()),
    };
    let is =
        |t: Option<&Token<'_>>, word: &str| t.is_some_and(|t| t.text.eq_ignore_ascii_case(word));
    let mut rest = &args[args.len().min(1)..];
    let mut stats = false;
    if is(rest.first(), "stats") {
        stats = true;
        rest = &rest[1..];
    } else if is(rest.last(), "stats") {
        stats = true;
        rest = &rest[..rest.len() - 1];
    }
    if is(rest.first(), "fen") {
        rest = &rest[1..];
        if rest.is_empty() {
            return Command::unknown(line, format!("{what}: missing FEN after 'fen'"));
        }
    } else if let Some(word) = rest.first().filter(|t| !t.text.contains('/')) {
        return Command::unknown(
            line,
            format!(
                "{what}: unknown word '{}' after the depth (expected 'stats', 'fen' or a FEN)",
                text::excerpt(word.text)
            ),
        );
    }
    if rest.len() > 6 {
        return Command::unknown(
            line,
            format!("{what}: a FEN has at most 6 fields, found {}", rest.len()),
        );
    }
    let fen = (!rest.is_empty()).then(|| text::join(rest));
    Command::Perft { depth, fen, stats }
}

fn bench(line: &str, args: &[Token<'_>], warnings: &mut Vec<String>) -> Command {
    let depth = match args.first() {
        None => None,
        Some(token) => match text::number::<u32>("bench depth", Some(token)) {
            Ok(depth) => Some(depth),
            Err(e) => return Command::unknown(line, e.to_string()),
        },
    };
    if args.len() > 1 {
        no_arguments("bench DEPTH", &args[1..], warnings);
    }
    Command::Bench { depth }
}

/// Records a warning when a command that takes no arguments got some; the command still runs,
/// as the UCI spec asks engines to skip what they do not understand.
pub fn no_arguments(command: &str, args: &[Token<'_>], warnings: &mut Vec<String>) {
    if !args.is_empty() {
        warnings.push(format!(
            "ignored extra text after '{command}': '{}'",
            text::excerpt(&text::join(args))
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::tokenize;

    fn run(line: &str) -> (Option<Command>, Vec<String>) {
        let tokens = tokenize(line);
        let mut warnings = Vec::new();
        let name = tokens[0].text.to_ascii_lowercase();
        (parse(line, &name, &tokens[1..], &mut warnings), warnings)
    }

    #[test]
    fn perft_forms() {
        assert_eq!(
            run("perft 5").0,
            Some(Command::Perft {
                depth: 5,
                fen: None,
                stats: false
            })
        );
        let fen = "8/8/8/8/8/8/8/K6k w - -";
        for line in [format!("perft 3 {fen}"), format!("perft 3 fen {fen}")] {
            assert_eq!(
                run(&line).0,
                Some(Command::Perft {
                    depth: 3,
                    fen: Some(fen.into()),
                    stats: false
                })
            );
        }
        for line in [
            format!("perft 3 stats {fen}"),
            format!("perft 3 STATS fen {fen}"),
            format!("perft 3 {fen} stats"),
            format!("perft 3 fen {fen} stats"),
        ] {
            assert_eq!(
                run(&line).0,
                Some(Command::Perft {
                    depth: 3,
                    fen: Some(fen.into()),
                    stats: true
                }),
                "{line}"
            );
        }
        assert_eq!(
            run("perft 6 stats").0,
            Some(Command::Perft {
                depth: 6,
                fen: None,
                stats: true
            })
        );
        for (bad, reason) in [
            ("perft", "perft depth: missing value"),
            (
                "perft x",
                "perft depth: expected a whole number from 0 to 4294967295, found 'x'",
            ),
            (
                "perft -1",
                "perft depth: expected a whole number from 0 to 4294967295, found '-1'",
            ),
            ("perft 3 fen", "perft: missing FEN after 'fen'"),
            ("perft 3 fen stats", "perft: missing FEN after 'fen'"),
            (
                "perft 3 stat",
                "perft: unknown word 'stat' after the depth (expected 'stats', 'fen' or a FEN)",
            ),
            (
                "perft 3 stats divide",
                "perft: unknown word 'divide' after the depth (expected 'stats', 'fen' or a FEN)",
            ),
            (
                "perft 99999999999 stats",
                "perft depth: expected a whole number from 0 to 4294967295, found '99999999999'",
            ),
            (
                "perft 3 8/8/8/8/8/8/8/K6k w - - 0 1 x",
                "perft: a FEN has at most 6 fields, found 7",
            ),
        ] {
            match run(bad).0 {
                Some(Command::Unknown { reason: r, .. }) => assert_eq!(r, reason, "{bad}"),
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn bench_forms() {
        assert_eq!(run("bench").0, Some(Command::Bench { depth: None }));
        assert_eq!(run("bench 13").0, Some(Command::Bench { depth: Some(13) }));
        let (cmd, warnings) = run("bench 13 1 16");
        assert_eq!(cmd, Some(Command::Bench { depth: Some(13) }));
        assert_eq!(warnings, ["ignored extra text after 'bench DEPTH': '1 16'"]);
        assert!(matches!(run("bench deep").0, Some(Command::Unknown { .. })));
    }

    #[test]
    fn display_and_eval() {
        assert_eq!(run("d").0, Some(Command::Display));
        assert_eq!(run("eval").0, Some(Command::Eval));
        let (cmd, warnings) = run("eval now");
        assert_eq!(cmd, Some(Command::Eval));
        assert_eq!(warnings.len(), 1);
        assert_eq!(run("go").0, None);
    }
}
