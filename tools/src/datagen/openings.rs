//! Where each game starts. A game opens with a position from `--openings` (if given: FEN or EPD
//! lines, or a PGN file whose games' last positions are taken) and a few uniformly random legal
//! moves, replayed until a short search finds the result balanced.
//!
//! A share of the games (`--chess960 PERCENT`, 15 by default) starts from a Chess960 position
//! instead, drawn uniformly from the 960 (`outpost_board::chess960`), and a share of those
//! (`--dfrc PERCENT` of them, 50 by default) is double Fischer random: black's back rank from
//! another arrangement than white's. The random plies and the balance check follow as for any
//! game; the openings file is not used for them. The game header records the start
//! ([`outpost_datafile::Start`]).
//!
//! A game's draws come from the seed and its game number alone (`game_rng`, `game_start`), not
//! from the thread that plays it. Whether a game starts from Chess960 is drawn from a stream of
//! its own, so a game that does not is the same game as with `--chess960 0` (the games of runs
//! made before Chess960 starts existed).

use super::config::Config;
use super::think::think;
use outpost_board::{chess960, Color, Position, Rng};
use outpost_datafile::Start;
use outpost_search::ThreadPool;

/// Openings whose first search already shows this much advantage are replayed with new moves.
const OPENING_MAX_CP: i32 = 400;

/// The opening moves of game `game`: its own stream, so a game does not depend on which
/// thread played the games before it.
pub(super) fn game_rng(seed: u64, game: u64) -> Rng {
    let mut r = Rng::new(seed ^ game.wrapping_mul(0xD1B5_4A32_D192_ED03));
    r.next_u64();
    r
}

/// Where game `game` starts: drawn from a stream of its own (not `game_rng`'s), so that the
/// games that do not start from Chess960 are those `--chess960 0` plays, draw for draw.
pub(super) fn game_start(config: &Config, game: u64) -> Start {
    let mut r =
        Rng::new(config.seed ^ game.wrapping_mul(0x9E6C_63D0_676A_9A99) ^ 0x0960_0960_0960_0960);
    r.next_u64();
    if r.below(100) >= config.chess960_percent as usize {
        return Start::Standard;
    }
    let count = usize::from(chess960::COUNT);
    let white = r.below(count) as u16;
    let black = if r.below(100) < config.dfrc_percent as usize {
        // Any arrangement but white's.
        let other = r.below(count - 1) as u16;
        other + u16::from(other >= white)
    } else {
        white
    };
    Start::Chess960 { white, black }
}

/// The game's start: `start`'s position (for a standard start an openings line if any, else
/// the start position) and random legal moves, replayed until they lead somewhere playable and
/// a short search finds it balanced. Returns the position, the keys before it and its ply.
pub(super) fn opening(
    search: &ThreadPool,
    config: &Config,
    start: Start,
    rng: &mut Rng,
) -> (Position, Vec<u64>, usize) {
    let base = match start {
        Start::Chess960 { white, black } => Position::chess960(white, black),
        Start::Standard => None,
    };
    for _ in 0..100 {
        let mut pos = if let Some(base) = base {
            base
        } else if config.openings.is_empty() {
            Position::startpos()
        } else {
            let fen = &config.openings[rng.below(config.openings.len())];
            Position::from_fen(fen).unwrap_or_else(|_| Position::startpos())
        };
        let mut history = Vec::new();
        let mut ok = true;
        for _ in 0..config.random_plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                ok = false;
                break;
            }
            let m = moves[rng.below(moves.len())];
            history.push(pos.key());
            pos = pos.play(m);
        }
        if ok && pos.game_end(&history).is_none() {
            let v = think(search, &pos, &history, config);
            if !v.mate && v.white_cp.abs() <= OPENING_MAX_CP {
                let ply = 2 * (pos.fullmove_number() as usize - 1)
                    + usize::from(pos.side_to_move() == Color::Black);
                return (pos, history, ply);
            }
        }
    }
    (base.unwrap_or_else(Position::startpos), Vec::new(), 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datagen::run;
    use crate::datagen::tests::{args, collect};
    use std::collections::HashSet;

    /// A short run with a Chess960 share, through the file: some games start from Chess960
    /// positions, some of them double Fischer random, each recorded in its header and starting
    /// (with no random plies) from exactly that position, castling rights included; the other
    /// games are the ones a run without Chess960 plays.
    #[test]
    fn a_chess960_share_starts_games_from_chess960_positions() {
        let dir = std::env::temp_dir().join(format!("outpost-datagen-960-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("games.bin");
        let flags = "--games 12 --nodes 200 --random-plies 0 --seed 3";
        run(&args(&format!(
            "{flags} --chess960 50 --dfrc 50 --out {}",
            out.display()
        )))
        .unwrap();
        let mut reader = outpost_datafile::GameReader::open(&out).unwrap();
        let mut blocks = Vec::new();
        while let Some(game) = reader.next_game().unwrap() {
            blocks.push(game);
        }
        blocks.sort_by_key(|g| g.header.number);
        assert_eq!(blocks.len(), 12);
        let config = Config::parse(&args(&format!("{flags} --chess960 50"))).unwrap();
        let played = collect(&config, &HashSet::new());
        let standard = collect(
            &Config {
                chess960_percent: 0,
                ..config.clone()
            },
            &HashSet::new(),
        );
        let board = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
        let (mut chess960, mut double) = (0, 0);
        for ((block, game), plain) in blocks.iter().zip(&played).zip(&standard) {
            assert_eq!(block, &game.block, "the file holds what was played");
            match block.header.start {
                Start::Chess960 { white, black } => {
                    chess960 += 1;
                    double += usize::from(white != black);
                    let start = Position::chess960(white, black).unwrap();
                    assert_eq!(game.fens[0], start.to_fen());
                    assert_eq!(board(&block.records[0].fen()), board(&start.to_fen()));
                    assert_eq!(block.records[0].ply, 0);
                }
                Start::Standard => assert_eq!(game, plain),
            }
        }
        assert!(chess960 > 0 && chess960 < 12, "{chess960} of 12");
        assert!(double > 0 && double < chess960, "{double} of {chess960}");
        assert!(standard
            .iter()
            .all(|g| g.block.header.start == Start::Standard));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
