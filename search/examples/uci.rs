//! A minimal UCI front end over the search, for test matches before the real engine binary
//! exists: `uci`, `isready`, `ucinewgame`, `position`, `go` (clocks, depth, nodes, movetime,
//! infinite, ponder), `stop`, `ponderhit`, `setoption name Threads|Hash|MultiPV`, `quit`.
//! It is a test tool: the engine crate owns the real protocol handling.

use outpost_board::{Move, PieceType, Position};
use outpost_search::{
    CurrMove, Reporter, Score, ScoreBound, Search, SearchInfo, SearchLimits, SearchOptions,
};
use std::io::{BufRead, Write};
use std::sync::Arc;

struct Out;

impl Reporter for Out {
    fn info(&self, i: &SearchInfo) {
        let score = match i.score {
            Score::Cp(cp) => format!("cp {cp}"),
            Score::Mate(m) => format!("mate {m}"),
        };
        let bound = match i.bound {
            ScoreBound::Exact => "",
            ScoreBound::Lower => " lowerbound",
            ScoreBound::Upper => " upperbound",
        };
        let pv: Vec<String> = i.pv.iter().map(|m| m.to_uci(false).to_string()).collect();
        println!(
            "info depth {} seldepth {} multipv {} score {score}{bound} nodes {} nps {} hashfull {} tbhits {} time {} pv {}",
            i.depth, i.seldepth, i.multipv, i.nodes, i.nps, i.hashfull, i.tbhits, i.time_ms,
            pv.join(" ")
        );
        let _ = std::io::stdout().flush();
    }
    fn currmove(&self, c: &CurrMove) {
        println!(
            "info depth {} currmove {} currmovenumber {}",
            c.depth,
            c.mv.to_uci(false),
            c.number
        );
    }
    fn bestmove(&self, best: Move, ponder: Option<Move>) {
        let best = if best.is_none() {
            "0000".to_string()
        } else {
            best.to_uci(false).to_string()
        };
        match ponder {
            Some(p) => println!("bestmove {best} ponder {}", p.to_uci(false)),
            None => println!("bestmove {best}"),
        }
        let _ = std::io::stdout().flush();
    }
}

fn main() {
    let mut search = Search::new(1, 16).expect("search");
    let mut pos = Position::startpos();
    let mut history: Vec<u64> = Vec::new();
    let mut options = SearchOptions::default();
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let t: Vec<&str> = line.split_whitespace().collect();
        match t.first().copied() {
            Some("uci") => {
                println!("id name outpost-search-test\nid author The Outpost developers");
                println!("option name Hash type spin default 16 min 1 max 65536");
                println!("option name Threads type spin default 1 min 1 max 1024");
                println!("option name MultiPV type spin default 1 min 1 max 256");
                println!("uciok");
            }
            Some("isready") => println!("readyok"),
            Some("ucinewgame") => search.clear(),
            Some("setoption") => {
                let name = t
                    .iter()
                    .position(|&w| w == "name")
                    .and_then(|i| t.get(i + 1));
                let value = t
                    .iter()
                    .position(|&w| w == "value")
                    .and_then(|i| t.get(i + 1));
                let v: usize = value.and_then(|v| v.parse().ok()).unwrap_or(1);
                match name.copied() {
                    Some("Threads") => search.set_threads(v).unwrap_or_else(|e| eprintln!("{e}")),
                    Some("Hash") => search.resize_hash(v).unwrap_or_else(|e| eprintln!("{e}")),
                    Some("MultiPV") => options.multipv = v.max(1),
                    _ => {}
                }
            }
            Some("position") => {
                let moves_at = t.iter().position(|&w| w == "moves");
                let mut p = if t.get(1) == Some(&"fen") {
                    let end = moves_at.unwrap_or(t.len());
                    match Position::from_fen(&t[2..end].join(" ")) {
                        Ok(p) => p,
                        Err(e) => {
                            println!("info string {e}");
                            continue;
                        }
                    }
                } else {
                    Position::startpos()
                };
                history.clear();
                if let Some(i) = moves_at {
                    for text in &t[i + 1..] {
                        let Ok(m) = p.parse_uci_move(text) else {
                            println!("info string illegal move {text}");
                            break;
                        };
                        let irreversible = p.is_capture(m)
                            || p.moved_piece(m).map(|x| x.kind()) == Some(PieceType::Pawn);
                        history.push(p.key());
                        if irreversible {
                            history.clear();
                        }
                        p = p.play(m);
                    }
                }
                pos = p;
            }
            Some("go") => {
                let mut l = SearchLimits::default();
                let num = |i: usize| t.get(i + 1).and_then(|v| v.parse::<i64>().ok());
                for (i, w) in t.iter().enumerate() {
                    match *w {
                        "wtime" => l.wtime = num(i),
                        "btime" => l.btime = num(i),
                        "winc" => l.winc = num(i),
                        "binc" => l.binc = num(i),
                        "movestogo" => l.movestogo = num(i).map(|v| v as i32),
                        "depth" => l.depth = num(i).map(|v| v as i32),
                        "nodes" => l.nodes = num(i).map(|v| v as u64),
                        "movetime" => l.movetime = num(i),
                        "mate" => l.mate = num(i).map(|v| v as i32),
                        "infinite" => l.infinite = true,
                        "ponder" => l.ponder = true,
                        _ => {}
                    }
                }
                search.start(pos, history.clone(), l, options.clone(), Arc::new(Out));
            }
            Some("stop") => search.stop(),
            Some("ponderhit") => search.ponderhit(),
            Some("quit") => break,
            _ => {}
        }
        let _ = std::io::stdout().flush();
    }
    search.stop();
    search.wait();
}
