//! Table names (`KQvKR`) as piece counts, to check at open time that a set is complete.
//!
//! A probe resolves captures and promotions into smaller tables, so a table without the tables it
//! converts into gives no results for many positions. Saying so when the tables are opened is far
//! more useful than silent misses during a game.

/// Pieces of one side as counts in the order K, Q, R, B, N, P (the order of table names).
type Side = [u8; 6];

const LETTERS: [char; 6] = ['K', 'Q', 'R', 'B', 'N', 'P'];

/// A material signature: white's and black's piece counts.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Signature([Side; 2]);

impl Signature {
    /// Parses a table name such as `KQvKR`; `None` when it is not one (each side needs exactly
    /// one king, and tables hold at most seven pieces).
    pub fn parse(name: &str) -> Option<Signature> {
        let (a, b) = name.split_once('v')?;
        let sig = Signature([side(a)?, side(b)?]);
        (sig.pieces() <= 7).then_some(sig)
    }

    /// White's and Black's piece counts, each in the order K, Q, R, B, N, P.
    pub fn counts(&self) -> [[u8; 6]; 2] {
        self.0
    }

    /// Total number of pieces, kings included.
    pub fn pieces(&self) -> u32 {
        self.0.iter().flatten().map(|&c| u32::from(c)).sum()
    }

    /// The same material with the colours swapped: `KQvKR` and `KRvKQ` share a file.
    pub fn swapped(self) -> Signature {
        Signature([self.0[1], self.0[0]])
    }

    /// The orientation table files are named in: the side with more pieces first, then the side
    /// with the bigger pieces (`KQvKR`, not `KRvKQ`).
    pub fn strong_side_first(self) -> Signature {
        let key = |side: &Side| (side.iter().sum::<u8>(), *side);
        if key(&self.0[1]) > key(&self.0[0]) {
            self.swapped()
        } else {
            self
        }
    }

    /// The signatures one capture or one promotion away (excluding bare kings, which need no
    /// table).
    pub fn successors(&self) -> Vec<Signature> {
        let mut out = Vec::new();
        for s in 0..2 {
            for kind in 1..6 {
                if self.0[s][kind] == 0 {
                    continue;
                }
                let mut captured = *self;
                captured.0[s][kind] -= 1;
                out.push(captured);
                if kind == 5 {
                    for promo in 1..5 {
                        let mut promoted = captured;
                        promoted.0[s][promo] += 1;
                        out.push(promoted);
                    }
                }
            }
        }
        out.retain(|sig| sig.pieces() > 2);
        out
    }
}

impl std::fmt::Display for Signature {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, side) in self.0.iter().enumerate() {
            if i == 1 {
                f.write_str("v")?;
            }
            for (kind, &count) in side.iter().enumerate() {
                for _ in 0..count {
                    write!(f, "{}", LETTERS[kind])?;
                }
            }
        }
        Ok(())
    }
}

fn side(text: &str) -> Option<Side> {
    let mut counts = [0u8; 6];
    for c in text.chars() {
        let kind = LETTERS.iter().position(|&l| l == c)?;
        counts[kind] = counts[kind].checked_add(1)?;
    }
    (counts[0] == 1).then_some(counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_table_names() {
        let sig = Signature::parse("KQvKR").expect("valid");
        assert_eq!(sig.to_string(), "KQvKR");
        assert_eq!(sig.swapped().to_string(), "KRvKQ");
        assert_eq!(sig.pieces(), 4);
        assert_eq!(sig.swapped().strong_side_first(), sig);
        let kpk = Signature::parse("KvKP").expect("valid");
        assert_eq!(kpk.strong_side_first().to_string(), "KPvK");
        assert!(Signature::parse("KQvQ").is_none());
        assert!(Signature::parse("KQK").is_none());
        assert!(Signature::parse("KQQQQvKRRR").is_none());
    }

    #[test]
    fn successors_cover_captures_and_promotions() {
        let sig = Signature::parse("KPvKR").expect("valid");
        let names: Vec<String> = sig.successors().iter().map(|s| s.to_string()).collect();
        assert_eq!(names, ["KvKR", "KQvKR", "KRvKR", "KBvKR", "KNvKR", "KPvK"]);
    }
}
