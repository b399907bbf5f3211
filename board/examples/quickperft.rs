use outpost_board::{perft, Position};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[1].parse().unwrap();
    let fen = args
        .get(2)
        .map(|s| s.as_str())
        .unwrap_or(outpost_board::STARTPOS_FEN);
    let pos = Position::from_fen(fen).unwrap();
    let t = std::time::Instant::now();
    let n = perft::perft(&pos, depth);
    let e = t.elapsed().as_secs_f64();
    println!(
        "{n} {:.1} Mnps {}",
        n as f64 / e / 1e6,
        outpost_board::cpu::describe()
    );
    let p = pos;
    let t = std::time::Instant::now();
    let n = perft::perft_copy_make(&p, depth);
    let e = t.elapsed().as_secs_f64();
    println!("{n} {:.1} Mnps copy-make", n as f64 / e / 1e6);
}
