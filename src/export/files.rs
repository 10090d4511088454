//! Output folders and atomic file writes.

use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// An I/O problem while writing output.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The file could not be written.
    #[error("cannot write `{path}`: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A name would leave the output folder.
    #[error("`{0}` is not a plain file name inside the output folder")]
    Escapes(String),
}

/// The default folder for one run: `<root>/<id>-<players>p-<seed>`.
///
/// The id is validated to lowercase letters, digits and dashes, so the
/// result is always a direct child of `root`.
pub fn run_dir(
    root: &Path,
    scenario_id: &str,
    players: u8,
    seed: u64,
) -> Result<PathBuf, WriteError> {
    let name = format!("{scenario_id}-{players}p-{seed}");
    child(root, &name)
}

/// `root/name`, refusing any name that is not one plain path component.
pub fn child(root: &Path, name: &str) -> Result<PathBuf, WriteError> {
    let mut comps = Path::new(name).components();
    match (comps.next(), comps.next()) {
        (Some(Component::Normal(_)), None) if !name.contains(['/', '\\']) => Ok(root.join(name)),
        _ => Err(WriteError::Escapes(name.to_string())),
    }
}

/// Writes `bytes` to `dir/name` atomically: a temporary file in the same
/// folder is written, flushed and renamed over the target, so a reader never
/// sees half a file.
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, WriteError> {
    let target = child(dir, name)?;
    let io = |source| WriteError::Io { path: target.clone(), source };
    std::fs::create_dir_all(dir).map_err(io)?;
    let tmp = child(dir, &format!(".{name}.tmp-{}", std::process::id()))?;
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, &target)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(io(e));
    }
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_escape() {
        let root = Path::new("output");
        assert!(child(root, "layout.json").is_ok());
        for bad in ["../x", "/etc/passwd", "a/b", "..", ".", "", "a\\b"] {
            assert!(child(root, bad).is_err(), "{bad}");
        }
        assert_eq!(run_dir(root, "base", 4, 7).unwrap(), root.join("base-4p-7"));
    }

    #[test]
    fn atomic_write_leaves_no_temp_file() {
        let dir = std::env::temp_dir().join(format!("hexpress-files-{}", std::process::id()));
        let p = write_atomic(&dir, "a.txt", b"hello").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"hello");
        let names: Vec<_> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
