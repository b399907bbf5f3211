//! `outpost_board::chess960` against the published list of the 960 starts
//! (`tests/data/chess960/chess960.epd`, line n + 1 = number n): every number decodes to its
//! line's back rank, and a start built from two numbers has each side's arrangement.

mod common;

use common::read_data;
use outpost_board::chess960::{back_rank, COUNT};
use outpost_board::{Color, Piece, Position};

#[test]
fn every_number_is_its_line_of_the_list() {
    let lines: Vec<String> = read_data("chess960/chess960.epd")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    assert_eq!(lines.len(), usize::from(COUNT));
    for (number, line) in (0..COUNT).zip(&lines) {
        let listed = Position::from_fen(&format!("{line} 0 1")).unwrap();
        let built = Position::chess960(number, number).unwrap();
        assert_eq!(built, listed, "number {number}: {line}");
        let rank: String = back_rank(number)
            .unwrap()
            .iter()
            .map(|&k| Piece::new(Color::White, k).char())
            .collect();
        assert!(
            line.contains(&format!("/{rank} w ")),
            "{number}: {rank} {line}"
        );
    }
}

#[test]
fn double_starts_take_each_side_from_its_own_number() {
    let lines: Vec<String> = read_data("chess960/chess960.epd")
        .lines()
        .map(str::to_string)
        .collect();
    for (white, black) in [(0u16, 959u16), (518, 17), (300, 301), (959, 0)] {
        let pos = Position::chess960(white, black).unwrap();
        let fen = pos.to_shredder_fen();
        let ranks: Vec<&str> = fen.split(['/', ' ']).collect();
        let w_line: Vec<&str> = lines[usize::from(white)].split(['/', ' ']).collect();
        let b_line: Vec<&str> = lines[usize::from(black)].split(['/', ' ']).collect();
        assert_eq!(ranks[7], w_line[7], "{fen}");
        assert_eq!(ranks[0], b_line[0], "{fen}");
        // Four castling rights, read back to the same position.
        assert_eq!(ranks[9].len(), 4, "{fen}");
        assert_eq!(Position::from_fen(&fen).unwrap(), pos);
    }
}
