//! Probe speed: WDL and DTZ probes per second over the random 3-4 piece positions of the test
//! fixture, with table files in memory (the default) and read from disk, and shakmaty-syzygy's own
//! probe on positions already converted, which shows what our conversion costs.
//!
//! cargo run --release -p outpost-tablebase --example probe_speed [tables-dir] [fixture]

use outpost_board::Position;
use outpost_tablebase::Tablebases;
use shakmaty::{fen::Fen, CastlingMode, Chess};
use shakmaty_syzygy::Tablebase;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Runs `probe` over all positions until at least this long has passed, then reports the rate.
const MIN_TIME: Duration = Duration::from_millis(1500);

fn rate<T>(label: &str, items: &[T], mut probe: impl FnMut(&T) -> bool) {
    // One untimed pass so every file is opened and loaded.
    let answered = items.iter().filter(|p| probe(p)).count();
    let start = Instant::now();
    let mut probes = 0u64;
    while start.elapsed() < MIN_TIME {
        for p in items {
            black_box(probe(p));
        }
        probes += items.len() as u64;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{label:<44} {:>10.0} probes/s  {:>6.2} us/probe  ({answered}/{} answered)",
        probes as f64 / secs,
        secs * 1e6 / probes as f64,
        items.len()
    );
}

fn main() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/syzygy");
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| format!("{root}/regular"));
    let fixture = args
        .next()
        .unwrap_or_else(|| format!("{root}/random_probes.txt"));
    let text = std::fs::read_to_string(&fixture).expect("read the fixture");
    let fens: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.ends_with("x;x"))
        .filter_map(|l| l.split(';').next())
        .collect();
    let positions: Vec<Position> = fens
        .iter()
        .filter_map(|f| Position::from_fen(f).ok())
        .filter(|p| p.occupied().count() <= 4)
        .collect();
    println!(
        "{} positions from {fixture}, tables in {dir}",
        positions.len()
    );

    let (memory, warnings) = Tablebases::open(&dir);
    assert!(warnings.is_empty(), "{warnings:?}");
    let (disk, _) = Tablebases::open_with_memory_budget(&dir, 0);
    rate("probe_wdl, files in memory", &positions, |p| {
        matches!(memory.probe_wdl(p), Ok(Some(_)))
    });
    rate("probe_wdl, files read from disk (pread)", &positions, |p| {
        matches!(disk.probe_wdl(p), Ok(Some(_)))
    });
    rate("probe_dtz, files in memory", &positions, |p| {
        matches!(memory.probe_dtz(p), Ok(Some(_)))
    });
    println!("table bytes in memory: {}", memory.bytes_in_memory());

    // shakmaty-syzygy alone, on positions converted beforehand, with its default reader.
    let chess: Vec<Chess> = positions
        .iter()
        .filter_map(|p| p.to_fen().parse::<Fen>().ok())
        .filter_map(|f| f.into_position(CastlingMode::Standard).ok())
        .collect();
    let mut plain = Tablebase::<Chess>::new();
    plain.add_directory(&dir).expect("tables");
    rate("shakmaty-syzygy WDL, pre-converted, pread", &chess, |c| {
        plain.probe_wdl_after_zeroing(c).is_ok()
    });
    let ranked_start = Instant::now();
    let sample = &positions[..positions.len().min(2000)];
    let ranked = sample
        .iter()
        .filter(|p| memory.rank_root_moves(p, true).is_some())
        .count();
    println!(
        "rank_root_moves: {:.1} us per root position ({ranked}/{} ranked)",
        ranked_start.elapsed().as_secs_f64() * 1e6 / sample.len() as f64,
        sample.len()
    );
}
