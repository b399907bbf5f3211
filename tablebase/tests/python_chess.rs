//! Our probes against python-chess's `chess.syzygy`, an independent prober: the random positions
//! of `random_probes.txt` (every 3-4 piece signature, both sides to move, en passant, castling
//! rights, bare kings, 5-piece positions), python-chess's own `endgame.epd` expectations and
//! `probe_expectations.tsv`.

mod common;

use common::{fixture_lines, open_tables};
use outpost_board::Position;
use outpost_tablebase::{Dtz, Wdl};

fn parse_value(text: &str) -> Option<i32> {
    if text == "x" {
        None
    } else {
        Some(
            text.parse()
                .unwrap_or_else(|_| panic!("bad number '{text}'")),
        )
    }
}

#[test]
fn random_positions_match_python_chess() {
    let tb = open_tables();
    let lines = fixture_lines("random_probes.txt");
    assert!(lines.len() >= 10_000, "only {} positions", lines.len());
    let (mut probed, mut refused, mut en_passant, mut castling, mut above_max) = (0, 0, 0, 0, 0);
    let mut mismatches = Vec::new();
    for line in &lines {
        let fields: Vec<&str> = line.split(';').collect();
        assert_eq!(fields.len(), 3, "bad line '{line}'");
        let pos = Position::from_fen(fields[0]).unwrap_or_else(|e| panic!("{e}: '{}'", fields[0]));
        let wdl = tb.probe_wdl(&pos).expect("no table fails");
        let dtz = tb.probe_dtz(&pos).expect("no table fails");
        let pieces = pos.occupied().count();
        en_passant += usize::from(pos.ep_square().is_some());
        castling += usize::from(pos.castling_rights() != 0);
        let (want_wdl, want_dtz) = if pieces > tb.max_pieces() {
            // python-chess answers some of these when a capture decides at once; we do not
            // probe above the largest table (documented), so only "no answer" is right here.
            above_max += 1;
            (None, None)
        } else {
            (parse_value(fields[1]), parse_value(fields[2]))
        };
        let got = (wdl.map(|w| i32::from(w.to_i8())), dtz.map(|d| d.0));
        if got != (want_wdl, want_dtz) {
            mismatches.push(format!("{line}: got {got:?}"));
        }
        if want_wdl.is_some() {
            probed += 1;
        } else {
            refused += 1;
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} mismatches, first: {:?}",
        mismatches.len(),
        &mismatches[..mismatches.len().min(10)]
    );
    // The fixture really holds the special cases this test is meant to cover.
    assert!(probed >= 10_000, "{probed} probed");
    assert!(en_passant >= 500, "{en_passant} with en passant");
    assert!(castling >= 200, "{castling} with castling rights");
    assert!(above_max >= 50 && refused >= castling + above_max);
}

#[test]
fn endgame_epd_matches_python_chess() {
    let tb = open_tables();
    let lines = fixture_lines("endgame.epd");
    assert_eq!(lines.len(), 200);
    for line in &lines {
        // "<4 FEN fields> wdl_table N; wdl N; dtz N;"
        let fields: Vec<&str> = line.split_whitespace().collect();
        let pos = Position::from_fen(&fields[..4].join(" ")).expect("valid EPD");
        let op = |name: &str| -> i32 {
            let i = fields
                .iter()
                .position(|f| *f == name)
                .expect("operation present");
            fields[i + 1].trim_end_matches(';').parse().expect("number")
        };
        let wdl = tb
            .probe_wdl(&pos)
            .expect("readable")
            .expect("in the tables");
        let dtz = tb
            .probe_dtz(&pos)
            .expect("readable")
            .expect("in the tables");
        assert_eq!(i32::from(wdl.to_i8()), op("wdl"), "{line}");
        assert_eq!(dtz, Dtz(op("dtz")), "{line}");
    }
}

#[test]
fn probe_expectations_match_python_chess() {
    let tb = open_tables();
    let lines = fixture_lines("probe_expectations.tsv");
    assert!(lines.len() >= 180);
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        let pos = Position::from_fen(fields[0]).expect("valid FEN");
        let wdl = tb
            .probe_wdl(&pos)
            .expect("readable")
            .expect("in the tables");
        let dtz = tb
            .probe_dtz(&pos)
            .expect("readable")
            .expect("in the tables");
        assert_eq!(
            Some(wdl),
            Wdl::from_i8(fields[1].parse().expect("wdl")),
            "{line}"
        );
        assert_eq!(dtz.0, fields[2].parse::<i32>().expect("dtz"), "{line}");
    }
}
