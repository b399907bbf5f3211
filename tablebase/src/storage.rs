//! How table files are read: from memory when they fit a budget, with positional reads otherwise.
//!
//! shakmaty-syzygy reads tables through its `Filesystem` trait and opens each file lazily on the
//! first probe that needs it. The default implementation issues one `pread` system call per read,
//! and a probe makes several (sparse index, block lengths, the block itself, for the table and for
//! each capture it resolves). Small files are therefore read whole into memory on first use: the
//! full 3-4-5 piece sets are mostly small files, and a copy from memory is far cheaper than a
//! system call. Memory mapping would be as fast but needs `unsafe` and turns I/O errors into
//! signals, so it is not used.
//!
//! Every opened file is kept, so a table that fails to decode (a corrupt file makes every probe of
//! it retry) costs a map lookup and a header parse, not a new `open` and read each time. A short
//! read is reported as end of file, which shakmaty-syzygy turns into a "corrupted table" error:
//! a truncated file can only fail a probe, never feed it bytes that are not in the file.

use shakmaty_syzygy::filesystem::{Filesystem, RandomAccessFile, ReadHint};
use std::collections::HashMap;
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Files up to this size are candidates for reading into memory.
const MAX_IN_MEMORY_FILE: u64 = 64 << 20;

/// Default total of table bytes held in memory (the whole 3-4 piece set is 4.3 MB, the 5-piece
/// set about 940 MB, so common 5-piece tables fit and the rarest ones are read from disk).
pub const DEFAULT_MEMORY_BUDGET: u64 = 256 << 20;

/// One opened table file.
#[derive(Clone)]
enum Opened {
    Memory(Arc<[u8]>),
    Disk(Arc<File>),
}

struct Cache {
    files: HashMap<PathBuf, Opened>,
    bytes_in_memory: u64,
}

/// The `Filesystem` handed to shakmaty-syzygy.
pub struct TableFiles {
    memory_budget: u64,
    cache: Mutex<Cache>,
}

impl TableFiles {
    /// A reader that keeps at most `memory_budget` bytes of table data in memory.
    pub fn new(memory_budget: u64) -> TableFiles {
        TableFiles {
            memory_budget,
            cache: Mutex::new(Cache {
                files: HashMap::new(),
                bytes_in_memory: 0,
            }),
        }
    }

    /// Bytes of table data currently held in memory.
    pub fn bytes_in_memory(&self) -> u64 {
        self.cache.lock().map(|c| c.bytes_in_memory).unwrap_or(0)
    }
}

impl Filesystem for TableFiles {
    fn regular_file_size(&self, path: &Path) -> io::Result<u64> {
        let meta = std::fs::metadata(path)?;
        if meta.is_file() {
            Ok(meta.len())
        } else {
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file",
            ))
        }
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<PathBuf>> {
        std::fs::read_dir(path)?
            .map(|entry| entry.map(|e| e.path()))
            .collect()
    }

    fn open(&self, path: &Path) -> io::Result<Box<dyn RandomAccessFile>> {
        // A poisoned lock only means another thread panicked while holding it; the map is still
        // consistent (entries are inserted whole), so keep using it.
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        let opened = match cache.files.get(path) {
            Some(opened) => opened.clone(),
            None => {
                let file = File::open(path)?;
                let len = file.metadata()?.len();
                let opened = if len <= MAX_IN_MEMORY_FILE
                    && cache.bytes_in_memory + len <= self.memory_budget
                {
                    let bytes = std::fs::read(path)?;
                    cache.bytes_in_memory += bytes.len() as u64;
                    Opened::Memory(bytes.into())
                } else {
                    Opened::Disk(Arc::new(file))
                };
                cache.files.insert(path.to_path_buf(), opened.clone());
                opened
            }
        };
        Ok(match opened {
            Opened::Memory(bytes) => Box::new(MemoryFile(bytes)),
            Opened::Disk(file) => Box::new(DiskFile(file)),
        })
    }
}

/// A table file read whole into memory.
struct MemoryFile(Arc<[u8]>);

impl RandomAccessFile for MemoryFile {
    #[inline]
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        let data = &self.0[..];
        let start = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(data.len());
        let n = buf.len().min(data.len() - start);
        buf[..n].copy_from_slice(&data[start..start + n]);
        Ok(n)
    }

    #[inline]
    fn read_exact_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<()> {
        let data = &self.0[..];
        let start = usize::try_from(offset).ok();
        match start.and_then(|s| Some(s..s.checked_add(buf.len())?)) {
            Some(range) if range.end <= data.len() => {
                buf.copy_from_slice(&data[range]);
                Ok(())
            }
            _ => Err(io::ErrorKind::UnexpectedEof.into()),
        }
    }
}

/// A table file read with positional reads.
struct DiskFile(Arc<File>);

impl RandomAccessFile for DiskFile {
    #[cfg(unix)]
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        std::os::unix::fs::FileExt::read_at(&*self.0, buf, offset)
    }

    #[cfg(windows)]
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        std::os::windows::fs::FileExt::seek_read(&*self.0, buf, offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("outpost-tb-storage-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create temp dir");
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write temp file");
        path
    }

    #[test]
    fn memory_and_disk_reads_agree_and_stop_at_the_end() {
        let bytes: Vec<u8> = (0..=255u8).cycle().take(1000).collect();
        let path = temp_file("reads.bin", &bytes);
        for budget in [0, 1 << 20] {
            let fs = TableFiles::new(budget);
            let file = fs.open(&path).expect("open");
            let mut buf = [0u8; 10];
            file.read_exact_at(&mut buf, 990, ReadHint::Data)
                .expect("last ten bytes");
            assert_eq!(&buf[..], &bytes[990..]);
            let err = file
                .read_exact_at(&mut buf, 991, ReadHint::Data)
                .expect_err("one byte past the end");
            assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
            assert!(file
                .read_exact_at(&mut buf, u64::MAX, ReadHint::Data)
                .is_err());
            assert_eq!(fs.bytes_in_memory(), if budget > 0 { 1000 } else { 0 });
            // Opening again reuses the cached file instead of reading it anew.
            let _again = fs.open(&path).expect("open again");
            assert_eq!(fs.bytes_in_memory(), if budget > 0 { 1000 } else { 0 });
        }
        let _ = std::fs::remove_dir_all(path.parent().expect("temp dir"));
    }
}
