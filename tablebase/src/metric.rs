//! The two kinds of Syzygy table file ([`Metric`]): what their names end with, the magic bytes
//! they start with, and what a message calls them. The directory scan, the file checks and
//! their error texts all ask this one file.

/// Which of the two table kinds a file holds (`.rtbw` or `.rtbz`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Metric {
    Wdl,
    Dtz,
}

impl Metric {
    /// The kind a file extension names (`rtbw`, `rtbz`), if any.
    pub fn from_extension(extension: &str) -> Option<Metric> {
        match extension {
            "rtbw" => Some(Metric::Wdl),
            "rtbz" => Some(Metric::Dtz),
            _ => None,
        }
    }

    /// The first four bytes of every file of this kind.
    pub fn magic(self) -> [u8; 4] {
        match self {
            Metric::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            Metric::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }

    /// The kind's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Metric::Wdl => "WDL",
            Metric::Dtz => "DTZ",
        }
    }
}
