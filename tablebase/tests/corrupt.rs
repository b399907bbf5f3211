//! Damaged table directories: a truncated KQvK.rtbw, a garbage KRvK.rtbw, empty files, missing
//! directories and partial sets. Opening must warn, probing the damaged tables must give no value
//! or an error (never a panic, never a value that differs from the intact tables) and every other
//! table must keep working.

mod common;

use common::{fixture_lines, open_tables, tables_dir};
use outpost_board::{PieceType, Position};
use outpost_tablebase::Tablebases;
use std::path::{Path, PathBuf};

/// A fresh copy of the test tables in a temporary directory.
fn copy_tables(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("outpost-tb-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create temp dir");
    for entry in std::fs::read_dir(tables_dir()).expect("list tables") {
        let path = entry.expect("entry").path();
        let target = dir.join(path.file_name().expect("file name"));
        std::fs::copy(&path, &target).expect("copy table");
        // The copies inherit read-only permissions; the tests overwrite some of them.
        let mut perms = std::fs::metadata(&target).expect("metadata").permissions();
        #[allow(clippy::permissions_set_readonly_false)]
        perms.set_readonly(false);
        std::fs::set_permissions(&target, perms).expect("make writable");
    }
    dir
}

/// Deterministic pseudo-random bytes (xorshift), so the garbage is the same on every run.
fn garbage(len: usize, mut seed: u64) -> Vec<u8> {
    (0..len)
        .map(|_| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed as u8
        })
        .collect()
}

/// The material of a position as a table name with White first, e.g. `KQvK` or `KvKQ`.
fn material(pos: &Position) -> String {
    let mut name = String::new();
    for color in outpost_board::Color::BOTH {
        if !name.is_empty() {
            name.push('v');
        }
        for (kind, letter) in [
            (PieceType::King, 'K'),
            (PieceType::Queen, 'Q'),
            (PieceType::Rook, 'R'),
            (PieceType::Bishop, 'B'),
            (PieceType::Knight, 'N'),
            (PieceType::Pawn, 'P'),
        ] {
            for _ in 0..pos.pieces_of(color, kind).count() {
                name.push(letter);
            }
        }
    }
    name
}

/// The probeable fixture positions, grouped later by material.
fn positions() -> Vec<Position> {
    fixture_lines("random_probes.txt")
        .iter()
        .filter(|l| !l.ends_with("x;x"))
        .map(|l| Position::from_fen(l.split(';').next().expect("fen")).expect("valid"))
        .filter(|p| p.occupied().count() <= 4)
        .collect()
}

fn is(pos: &Position, names: &[&str]) -> bool {
    let m = material(pos);
    names.iter().any(|n| {
        let (a, b) = n.split_once('v').expect("v");
        m == *n || m == format!("{b}v{a}")
    })
}

fn open(dir: &Path) -> (Tablebases, Vec<String>) {
    Tablebases::open(&dir.to_string_lossy())
}

/// For every position: probes that the damaged `tables` can reach (their own material, any
/// 4-piece position, which may capture into a damaged 3-piece table, and positions with pawns,
/// which may promote into one) give the intact value, no
/// value or an error; all other probes give exactly the intact value. Returns how many positions
/// of the damaged materials did not get both values.
fn compare(tb: &Tablebases, damaged: &[&str]) -> usize {
    let good = open_tables();
    let (mut misses, mut exact) = (0, 0);
    for pos in positions() {
        let want_wdl = good.probe_wdl(&pos).expect("intact").expect("probeable");
        let want_dtz = good.probe_dtz(&pos).expect("intact").expect("probeable");
        let wdl = tb.probe_wdl(&pos);
        let dtz = tb.probe_dtz(&pos);
        let own = is(&pos, damaged);
        let pawns = pos.pieces(PieceType::Pawn).any();
        if own || pawns || pos.occupied().count() == 4 {
            if let Ok(Some(w)) = wdl {
                assert_eq!(w, want_wdl, "wdl of {}", pos.to_fen());
            }
            if let Ok(Some(d)) = dtz {
                assert_eq!(d, want_dtz, "dtz of {}", pos.to_fen());
            }
            let answered = matches!((&wdl, &dtz), (Ok(Some(_)), Ok(Some(_))));
            misses += usize::from(own && !answered);
        } else {
            assert_eq!(wdl, Ok(Some(want_wdl)), "wdl of {}", pos.to_fen());
            assert_eq!(dtz, Ok(Some(want_dtz)), "dtz of {}", pos.to_fen());
            exact += 1;
        }
    }
    assert!(exact > 500, "only {exact} positions away from the damage");
    misses
}

fn count(names: &[&str]) -> usize {
    positions().iter().filter(|p| is(p, names)).count()
}

fn file_len(path: &Path) -> u64 {
    std::fs::metadata(path).expect("metadata").len()
}

fn truncate(path: &Path, len: u64) {
    let bytes = std::fs::read(path).expect("read");
    std::fs::write(path, &bytes[..len as usize]).expect("write");
}

fn mentions(warnings: &[String], what: &str) -> bool {
    warnings.iter().any(|w| w.contains(what))
}

#[test]
fn truncated_file_with_impossible_size_is_refused_at_open() {
    let dir = copy_tables("truncated-odd");
    let path = dir.join("KQvK.rtbw");
    truncate(&path, file_len(&path) / 2);
    let (tb, warnings) = open(&dir);
    assert!(mentions(&warnings, "KQvK.rtbw"), "{warnings:?}");
    assert_eq!(tb.max_pieces(), 4);
    assert_eq!(tb.table_counts(), (34, 35));
    let kqk = count(&["KQvK"]);
    assert!(kqk > 200);
    assert_eq!(
        compare(&tb, &["KQvK"]),
        kqk,
        "every KQvK probe gives no value"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn truncated_file_with_plausible_size_is_refused_at_open() {
    for table in ["KQvK.rtbw", "KQvK.rtbz", "KRvKP.rtbw", "KRvKP.rtbz"] {
        let dir = copy_tables(&format!("truncated-{table}"));
        let path = dir.join(table);
        let len = file_len(&path);
        // Keep the size a valid table size (16 mod 64): only the header's own sizes show it.
        let cut = (len / 2) / 64 * 64 + 16;
        truncate(&path, cut);
        let (tb, warnings) = open(&dir);
        assert!(
            warnings
                .iter()
                .any(|w| w.contains(table) && w.contains("truncated")),
            "{table}: {warnings:?}"
        );
        let (wdl, dtz) = tb.table_counts();
        assert_eq!(wdl + dtz, 69, "{table}: the damaged file is not counted");
        let name = table.split('.').next().expect("stem");
        assert!(compare(&tb, &[name]) > 0, "{table}");
        assert!(tb.take_failures().is_empty(), "{table}: never probed");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// Damage done after the tables were opened (a disk error, a file replaced) is only seen by the
/// probes: they fail, the failure is kept once per table, and values never differ.
#[test]
fn a_file_damaged_after_opening_fails_at_probe_time_and_is_reported_once() {
    for (table, garbage_body) in [
        ("KQvK.rtbw", false),
        ("KQvK.rtbz", false),
        ("KRvKP.rtbw", false),
        ("KRvKP.rtbz", false),
        ("KRvK.rtbw", true),
        ("KRvK.rtbz", true),
        ("KPvKP.rtbw", true),
    ] {
        let dir = copy_tables(&format!("late-{table}"));
        let (tb, warnings) = open(&dir);
        assert!(warnings.is_empty(), "{table}: {warnings:?}");
        let path = dir.join(table);
        let original = std::fs::read(&path).expect("read");
        if garbage_body {
            let mut bytes = garbage(original.len(), 0x2545_f491_4f6c_dd1d);
            bytes[..4].copy_from_slice(&original[..4]);
            std::fs::write(&path, &bytes).expect("write");
        } else {
            truncate(&path, (original.len() as u64 / 2) / 64 * 64 + 16);
        }
        let name = table.split('.').next().expect("stem");
        // Some positions are decided before the table is read (a winning capture, a draw for
        // DTZ), so not every probe of the material misses.
        let misses = compare(&tb, &[name]);
        assert!(misses > 0, "{table}: no probe hit the damage");
        if garbage_body {
            assert!(misses * 4 > count(&[name]), "{table}: {misses} misses");
        }
        let failures = tb.take_failures();
        assert!(
            failures.iter().any(|f| f.table == table),
            "{table}: {failures:?}"
        );
        assert_eq!(
            failures.iter().filter(|f| f.table == table).count(),
            1,
            "{table}: {failures:?}"
        );
        compare(&tb, &[name]);
        assert!(
            tb.take_failures().is_empty(),
            "{table}: each failure is reported once"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn garbage_file_is_refused_at_open() {
    let dir = copy_tables("garbage");
    let path = dir.join("KRvK.rtbw");
    std::fs::write(
        &path,
        garbage(file_len(&path) as usize, 0x9e37_79b9_7f4a_7c15),
    )
    .expect("write");
    let (tb, warnings) = open(&dir);
    assert!(
        mentions(&warnings, "KRvK.rtbw") && mentions(&warnings, "magic"),
        "{warnings:?}"
    );
    assert_eq!(compare(&tb, &["KRvK"]), count(&["KRvK"]));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A random body behind the right magic bytes used to be counted as a table and then fail every
/// probe; the header check refuses it when the tables are opened.
#[test]
fn garbage_behind_valid_magic_bytes_is_refused_at_open() {
    for (i, table) in ["KRvK.rtbw", "KRvK.rtbz", "KPvKP.rtbw", "KRvKP.rtbz"]
        .iter()
        .enumerate()
    {
        let dir = copy_tables(&format!("garbage-magic-{table}"));
        let path = dir.join(table);
        let original = std::fs::read(&path).expect("read");
        let mut bytes = garbage(original.len(), 0x2545_f491_4f6c_dd1d + i as u64);
        bytes[..4].copy_from_slice(&original[..4]);
        std::fs::write(&path, &bytes).expect("write");
        let (tb, warnings) = open(&dir);
        assert!(
            warnings
                .iter()
                .any(|w| w.contains(table) && w.contains("corrupt")),
            "{table}: {warnings:?}"
        );
        let (wdl, dtz) = tb.table_counts();
        assert_eq!(wdl + dtz, 69, "{table}: the damaged file is not counted");
        let name = table.split('.').next().expect("stem");
        let misses = compare(&tb, &[name]);
        assert!(misses * 4 > count(&[name]), "{table}: {misses} misses");
        assert!(tb.take_failures().is_empty(), "{table}: never probed");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A sound table file under another table's name has the right magic bytes and a plausible
/// size, but its header names other pieces.
#[test]
fn a_table_under_another_name_is_refused_at_open() {
    for (from, to) in [
        ("KRvK.rtbw", "KQvK.rtbw"),
        ("KRvKP.rtbz", "KQvKP.rtbz"),
        ("KPvK.rtbw", "KRvK.rtbw"),
    ] {
        let dir = copy_tables(&format!("renamed-{to}"));
        std::fs::copy(dir.join(from), dir.join(to)).expect("copy");
        let (tb, warnings) = open(&dir);
        assert!(
            warnings
                .iter()
                .any(|w| w.contains(to) && w.contains("corrupt header")),
            "{to}: {warnings:?}"
        );
        let (wdl, dtz) = tb.table_counts();
        assert_eq!(wdl + dtz, 69, "{to}");
        compare(&tb, &[to.split('.').next().expect("stem")]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn empty_files_are_refused_at_open() {
    let dir = copy_tables("empty");
    std::fs::write(dir.join("KPvK.rtbw"), b"").expect("write");
    std::fs::write(dir.join("KBvKN.rtbz"), b"").expect("write");
    let (tb, warnings) = open(&dir);
    assert!(mentions(&warnings, "KPvK.rtbw"), "{warnings:?}");
    assert!(mentions(&warnings, "KBvKN.rtbz"), "{warnings:?}");
    // The DTZ table of KPvK alone is reported as lonely too.
    assert!(mentions(&warnings, "without their"), "{warnings:?}");
    compare(&tb, &["KPvK", "KBvKN"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_directories_warn_and_the_rest_still_works() {
    let good = tables_dir();
    let sep = if cfg!(windows) { ';' } else { ':' };
    let value = format!("/no/such/syzygy/dir{sep}{}", good.display());
    let (tb, warnings) = Tablebases::open(&value);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(mentions(&warnings, "/no/such/syzygy/dir"));
    assert_eq!(tb.max_pieces(), 4);
    assert_eq!(compare(&tb, &[]), 0);

    let (tb, warnings) = Tablebases::open("/no/such/syzygy/dir");
    assert!(tb.is_empty() && tb.max_pieces() == 0);
    assert!(mentions(&warnings, "does not exist") && mentions(&warnings, "no Syzygy tables"));
}

#[test]
fn empty_path_means_no_tables_and_no_warning() {
    for value in ["", "<empty>", "  "] {
        let (tb, warnings) = Tablebases::open(value);
        assert!(warnings.is_empty(), "{warnings:?}");
        assert!(tb.is_empty());
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").expect("valid");
        assert_eq!(tb.probe_wdl(&pos), Ok(None));
        assert_eq!(tb.probe_dtz(&pos), Ok(None));
        assert!(tb.rank_root_moves(&pos, true).is_none());
    }
}

#[test]
fn partial_sets_are_reported() {
    let dir = std::env::temp_dir().join(format!("outpost-tb-partial-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create");
    std::fs::copy(tables_dir().join("KQvKR.rtbw"), dir.join("KQvKR.rtbw")).expect("copy");
    std::fs::copy(tables_dir().join("KRvK.rtbw"), dir.join("KRvK.rtbw")).expect("copy");
    std::fs::copy(tables_dir().join("KRvK.rtbz"), dir.join("KRvK.rtbz")).expect("copy");
    let (tb, warnings) = open(&dir);
    assert!(
        mentions(&warnings, "KQvKR") && mentions(&warnings, "without their DTZ"),
        "{warnings:?}"
    );
    let incomplete = warnings
        .iter()
        .find(|w| w.contains("incomplete"))
        .expect("an incomplete-set warning");
    let (_, names) = incomplete.rsplit_once(": ").expect("a list of tables");
    assert_eq!(names, "KQvK", "{incomplete}");
    // KQvKR without KQvK: positions where the rook can be taken need the missing table.
    let pos = Position::from_fen("7k/8/8/8/8/8/8/1KQr4 w - - 0 1").expect("valid");
    assert_eq!(tb.probe_wdl(&pos), Ok(None));
    // KRvK alone is complete and answers; DTZ of KQvKR is missing.
    let krk = Position::from_fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 1").expect("valid");
    assert_eq!(tb.probe_dtz(&krk).expect("readable").map(|d| d.0), Some(27));
    let _ = std::fs::remove_dir_all(&dir);
}
