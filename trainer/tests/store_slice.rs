//! The data store's games, converted to the packed layout, give the trainer the same samples:
//! a slice of a real store file (tests/data/datagen/, see tests/data/SOURCES.md), 300 games of
//! which 36 start from Chess960 positions, converted by `data-convert`'s function and read back
//! through the reader every consumer uses and through the trainer's loader.

use outpost_datafile::{BlockLayout, GameBlock, GameReader};
use outpost_tools::convert::convert;
use outpost_trainer::data::{load, Filter};
use std::path::{Path, PathBuf};

fn slice() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/datagen/store-955d966-s20261203-300games.bin")
}

fn games(path: &Path) -> (Vec<GameBlock>, Option<BlockLayout>) {
    let mut reader = GameReader::open(path).unwrap();
    let mut games = Vec::new();
    while let Some(g) = reader.next_game().unwrap() {
        games.push(g);
    }
    assert_eq!(reader.offset(), std::fs::metadata(path).unwrap().len());
    (games, reader.layout())
}

#[test]
fn converted_store_games_give_the_same_samples() {
    let dir = std::env::temp_dir().join(format!("outpost-store-slice-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let packed = dir.join("slice.packed");
    let done = convert(&slice(), &packed).unwrap();
    assert_eq!(
        (done.games, done.positions, done.torn_bytes),
        (300, 34032, 0)
    );
    // About 4.5 bytes a position instead of 32.
    assert!(done.bytes_out * 7 < done.bytes_in, "{done:?}");

    let (wide, wide_layout) = games(&slice());
    let (back, back_layout) = games(&packed);
    assert_eq!(
        (wide_layout, back_layout),
        (Some(BlockLayout::Wide), Some(BlockLayout::Packed))
    );
    let chess960 = wide.iter().filter(|g| g.header.start.is_chess960()).count();
    assert_eq!(chess960, 36);
    assert_eq!(wide.len(), back.len());
    for (w, p) in wide.iter().zip(&back) {
        assert_eq!(w.header, p.header);
        assert_eq!(w.records.len(), p.records.len());
        for (i, (a, b)) in w.records.iter().zip(&p.records).enumerate() {
            assert_eq!(a, b, "game {}, position {i}", w.header.number);
        }
    }

    // The trainer's defaults (outpost-trainer's main), and everything kept and mirrored.
    for filter in [
        Filter {
            min_ply: 16,
            val_every: 20,
            max_positions: 0,
            games_below: 0,
            mirror: false,
        },
        Filter {
            min_ply: 0,
            val_every: 7,
            max_positions: 0,
            games_below: 0,
            mirror: true,
        },
    ] {
        let a = load(&[slice()], &filter).unwrap();
        let b = load(&[&packed], &filter).unwrap();
        assert_eq!(a.stats, b.stats);
        assert!(a.train.len() > 10_000 && !a.validation.is_empty());
        assert!(a.train == b.train, "training samples differ");
        assert!(a.validation == b.validation, "validation samples differ");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
