//! The stdin reader: a thread that reads lines and hands them to the main loop over a channel,
//! so the main loop can answer `isready`, `stop`, `ping` and `quit` while a search runs.
//!
//! Input is bytes, not trusted text: each line is decoded lossily (invalid UTF-8 becomes U+FFFD),
//! `\r\n` and `\n` both end a line, and a line longer than [`MAX_LINE`] is cut there (the rest of
//! it is read and dropped) so a runaway GUI cannot make the engine run out of memory. A UTF-8
//! byte-order mark at the very start of input (what Windows tools write at the head of a text
//! file piped in) is skipped, so the first command is still read. End of input (or a read error)
//! is reported once as [`Input::Eof`].

use crossbeam_channel::{unbounded, Receiver};
use std::io::{BufRead, Read};

/// Longest line kept, in bytes. FENs and `position` commands with a few thousand moves are far
/// below this; anything longer is garbage whose head is enough for the error message.
pub const MAX_LINE: usize = 8 << 20;

/// The byte-order mark, U+FEFF (bytes EF BB BF in UTF-8).
const BOM: char = '\u{feff}';

/// What the reader thread sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Line(String),
    Eof,
}

/// Starts the reader thread on `source` (stdin in the binary) and returns its channel.
/// `on_read` sees each line before it is queued: what must act before the main loop gets to the
/// line (a UCI `stop`, see `Session::stop_shortcut`) happens there.
pub fn spawn(
    source: impl Read + Send + 'static,
    on_read: impl Fn(&str) + Send + 'static,
) -> Receiver<Input> {
    let (tx, rx) = unbounded();
    let spawned = std::thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let mut reader = std::io::BufReader::with_capacity(1 << 16, source);
            let mut first = true;
            loop {
                match read_line(&mut reader) {
                    Ok(Some(mut line)) => {
                        if std::mem::take(&mut first) && line.starts_with(BOM) {
                            line.drain(..BOM.len_utf8());
                        }
                        on_read(&line);
                        if tx.send(Input::Line(line)).is_err() {
                            return;
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        log::warn!("cannot read stdin: {e}");
                        break;
                    }
                }
            }
            let _ = tx.send(Input::Eof);
        });
    if let Err(e) = spawned {
        log::error!("cannot start the input thread: {e}");
    }
    rx
}

/// Reads one line (without its ending), or `None` at end of input.
fn read_line(reader: &mut impl BufRead) -> std::io::Result<Option<String>> {
    let mut line: Vec<u8> = Vec::new();
    let mut any = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            // End of input: a last line without a newline still counts.
            return Ok(any.then(|| decode(line)));
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        reader.consume(used);
        if done.is_some() {
            return Ok(Some(decode(line)));
        }
    }
}

fn decode(mut line: Vec<u8>) -> String {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    match String::from_utf8(line) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<String> {
        let mut r = std::io::BufReader::with_capacity(7, bytes);
        let mut out = Vec::new();
        while let Some(l) = read_line(&mut r).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn splits_lines_and_strips_endings() {
        assert_eq!(
            lines(b"uci\r\nisready\n\nquit"),
            ["uci", "isready", "", "quit"]
        );
        assert!(lines(b"").is_empty());
    }

    #[test]
    fn invalid_utf8_is_replaced_not_fatal() {
        assert_eq!(
            lines(b"go \xff\xfe depth 3\n"),
            ["go \u{fffd}\u{fffd} depth 3"]
        );
    }

    #[test]
    fn overlong_lines_are_cut() {
        let mut long = vec![b'x'; MAX_LINE + 1000];
        long.extend_from_slice(b"\nisready\n");
        let got = lines(&long);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].len(), MAX_LINE);
        assert_eq!(got[1], "isready");
    }

    #[test]
    fn a_byte_order_mark_starts_no_command() {
        let rx = spawn(
            &b"\xef\xbb\xbfposition startpos\n\xef\xbb\xbfgo\n"[..],
            |_| {},
        );
        let got: Vec<Input> = rx.iter().collect();
        // Only the head of the input is a byte-order mark; later it is text like any other.
        assert_eq!(
            got,
            [
                Input::Line("position startpos".into()),
                Input::Line("\u{feff}go".into()),
                Input::Eof
            ]
        );
    }

    #[test]
    fn the_channel_ends_with_eof() {
        let rx = spawn(&b"a\nb\n"[..], |_| {});
        let got: Vec<Input> = rx.iter().collect();
        assert_eq!(
            got,
            [Input::Line("a".into()), Input::Line("b".into()), Input::Eof]
        );
    }

    #[test]
    fn on_read_sees_every_line() {
        let (seen_tx, seen) = unbounded();
        let rx = spawn(&b"go\nstop\n"[..], move |line| {
            seen_tx.send(line.to_string()).unwrap();
        });
        let got: Vec<Input> = rx.iter().collect();
        assert_eq!(got.len(), 3);
        let seen: Vec<String> = seen.try_iter().collect();
        assert_eq!(seen, ["go", "stop"]);
    }
}
