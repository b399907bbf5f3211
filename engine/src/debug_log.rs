//! `Debug Log File`: a copy of the dialog with the GUI, appended to a file the user names, so
//! that they can see what a GUI really sent and what the engine answered.
//!
//! Each line of the file is `TIME MARK TEXT`: the time in UTC, ISO 8601 with milliseconds
//! (`2026-11-27T09:58:03.127Z`); the mark `>>` for a line read from the GUI and `<<` for a line
//! written to it (Stockfish's marks, so whoever reads its logs reads ours); then the line
//! exactly as read (before any parsing) or written.
//!
//! The file is opened for appending, so a second run adds to the first, and written without a
//! buffer: each line reaches the file in one `write` as soon as it is logged, so the log is
//! complete up to its last line after a crash or a kill.

use crate::errors::DebugLogError;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::time::{SystemTime, UNIX_EPOCH};

/// Which way a line went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Read from the GUI.
    In,
    /// Written to the GUI.
    Out,
}

impl Direction {
    fn mark(self) -> &'static str {
        match self {
            Direction::In => ">>",
            Direction::Out => "<<",
        }
    }
}

/// An open log file.
#[derive(Debug)]
pub struct DebugLog {
    file: File,
    path: String,
}

impl DebugLog {
    /// Opens `path` for appending, creating it if it does not exist.
    pub fn open(path: &str) -> Result<DebugLog, DebugLogError> {
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|error| DebugLogError {
                path: path.to_string(),
                error,
            })?;
        Ok(DebugLog {
            file,
            path: path.to_string(),
        })
    }

    pub fn path(&self) -> &str {
        &self.path
    }

    /// Appends one line, stamped with the time now.
    pub fn write(&mut self, direction: Direction, line: &str) -> std::io::Result<()> {
        let record = format_line(SystemTime::now(), direction, line);
        // One `write_all` of the whole record: with an unbuffered file opened for appending,
        // a line is never split by another process appending to the same file.
        self.file.write_all(record.as_bytes())
    }
}

/// One line of the log, with its line ending.
fn format_line(time: SystemTime, direction: Direction, line: &str) -> String {
    format!("{} {} {line}\n", timestamp(time), direction.mark())
}

/// `time` in UTC as ISO 8601 with milliseconds. A clock set before 1970 reads as 1970.
fn timestamp(time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    let seconds = since.as_secs();
    let millis = since.subsec_millis();
    let (days, of_day) = (seconds / SECONDS_PER_DAY, seconds % SECONDS_PER_DAY);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{millis:03}Z",
        of_day / 3600,
        of_day / 60 % 60,
        of_day % 60
    )
}

const SECONDS_PER_DAY: u64 = 86_400;

/// The proleptic Gregorian date `days` after 1970-01-01, by Howard Hinnant's `civil_from_days`
/// (<https://howardhinnant.github.io/date_algorithms.html>): counting in 400-year eras of
/// 146 097 days, with years starting on March 1 so that the leap day ends the year.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    const DAYS_PER_ERA: i64 = 146_097;
    // Days from 0000-03-01 to 1970-01-01.
    const EPOCH_SHIFT: i64 = 719_468;
    let z = days + EPOCH_SHIFT;
    let era = z.div_euclid(DAYS_PER_ERA);
    let day_of_era = z.rem_euclid(DAYS_PER_ERA);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    // Months counted from March: 0 is March, 11 is February.
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn at(seconds: u64, millis: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(seconds) + Duration::from_millis(millis)
    }

    #[test]
    fn timestamps_are_iso_8601_utc_with_milliseconds() {
        assert_eq!(timestamp(at(0, 0)), "1970-01-01T00:00:00.000Z");
        // `date -u -d @951782400`: the leap day of a year divisible by 400.
        assert_eq!(timestamp(at(951_782_400, 5)), "2000-02-29T00:00:00.005Z");
        assert_eq!(timestamp(at(951_955_199, 999)), "2000-03-01T23:59:59.999Z");
        // `date -u -d @1798761599`: the last second of 2026.
        assert_eq!(
            timestamp(at(1_798_761_599, 120)),
            "2026-12-31T23:59:59.120Z"
        );
        // 2100 is not a leap year: February 28 is followed by March 1.
        assert_eq!(timestamp(at(4_107_542_399, 0)), "2100-02-28T23:59:59.000Z");
        assert_eq!(timestamp(at(4_107_542_400, 0)), "2100-03-01T00:00:00.000Z");
    }

    #[test]
    fn a_line_is_time_mark_and_text() {
        assert_eq!(
            format_line(at(60, 7), Direction::In, "go depth 3"),
            "1970-01-01T00:01:00.007Z >> go depth 3\n"
        );
        assert_eq!(
            format_line(at(60, 7), Direction::Out, "bestmove e2e4"),
            "1970-01-01T00:01:00.007Z << bestmove e2e4\n"
        );
    }
}
