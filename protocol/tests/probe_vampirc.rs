use vampirc_uci::parse_one;
#[test]
fn probe() {
    std::panic::set_hook(Box::new(|_| {}));
    for l in [
        "  go depth 5",
        "go depth 5 \r\n",
        " uci",
        "uci ",
        "isready ",
        "position startpos moves e2e4 ",
        "setoption name Hash value 64 ",
        "go\r\n",
        "go ",
        "go infinite ",
        "position startpos\r\n",
        "stop ",
        "quit\r\n",
        "go ponder",
        "go ponder depth 5",
        "go infinite movetime 5",
        "go movetime 5 wtime 5",
        "go depth 5 depth 6",
        "go searchmoves",
        "go searchmoves e2e4 0000",
        "position startpos moves e2e4 e7e5\r\n",
        "go depth 7 \r\n",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ",
        "go wtime 1 btime 2 winc 3 binc 4 movestogo 5 ",
        "setoption name A B value  x  y ",
        "go mate 0",
        "go depth 007",
        "go movestogo 255",
    ] {
        let r = std::panic::catch_unwind(|| parse_one(l));
        match r {
            Ok(m) => println!("{:?} => {:?}", l, m),
            Err(_) => println!("{:?} => PANIC", l),
        }
    }
}
