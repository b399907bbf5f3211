//! Splitting a `SyzygyPath` value into directories.
//!
//! GUIs write several directories into one string: `:`-separated on Unix and `;`-separated on
//! Windows, as Stockfish documents it. On Unix we also accept `;`, because users who move between
//! systems type it and a `;` inside a table directory name is far less likely than the mistake;
//! on Windows `:` cannot separate because it follows every drive letter. A value that names one
//! existing directory as a whole is taken as it is, so a directory whose name happens to contain
//! a separator still works. An empty value or `<empty>` (the UCI default) means no tables.

use std::path::{Path, PathBuf};

/// The characters that separate directories on this system.
#[cfg(windows)]
const SEPARATORS: &[char] = &[';'];
#[cfg(not(windows))]
const SEPARATORS: &[char] = &[':', ';'];

/// Whether `value` means "no tables".
pub fn is_empty_value(value: &str) -> bool {
    let v = value.trim();
    v.is_empty() || v.eq_ignore_ascii_case("<empty>")
}

/// The directories named by a `SyzygyPath` value, in order, without empty entries or repeats.
pub fn split_paths(value: &str) -> Vec<PathBuf> {
    if is_empty_value(value) {
        return Vec::new();
    }
    let whole = value.trim();
    if Path::new(whole).is_dir() {
        return vec![PathBuf::from(whole)];
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    for part in whole.split(SEPARATORS) {
        let part = part.trim();
        if part.is_empty() || part.eq_ignore_ascii_case("<empty>") {
            continue;
        }
        let dir = PathBuf::from(part);
        if !dirs.contains(&dir) {
            dirs.push(dir);
        }
    }
    dirs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_values_mean_no_tables() {
        assert!(split_paths("").is_empty());
        assert!(split_paths("  ").is_empty());
        assert!(split_paths("<empty>").is_empty());
        assert!(split_paths("<EMPTY>").is_empty());
    }

    #[test]
    fn splits_and_drops_blanks_and_repeats() {
        let sep = if cfg!(windows) { ";" } else { ":" };
        let value = format!("/no/such/a{sep}{sep} /no/such/b {sep}/no/such/a");
        assert_eq!(
            split_paths(&value),
            vec![PathBuf::from("/no/such/a"), PathBuf::from("/no/such/b")]
        );
    }

    #[test]
    fn semicolon_separates_everywhere() {
        assert_eq!(
            split_paths("/no/such/a;/no/such/b"),
            vec![PathBuf::from("/no/such/a"), PathBuf::from("/no/such/b")]
        );
    }

    #[test]
    fn an_existing_directory_with_a_separator_in_its_name_is_kept_whole() {
        let base = std::env::temp_dir().join(format!("outpost-tb-paths-{}", std::process::id()));
        let odd = base.join("a;b");
        std::fs::create_dir_all(&odd).expect("create temp dir");
        let value = odd.to_string_lossy().into_owned();
        assert_eq!(split_paths(&value), vec![odd.clone()]);
        let _ = std::fs::remove_dir_all(&base);
    }
}
