//! Output folders and safe writes: every run writes through [`write_all`].
//!
//! The files of one run are first written into a fresh private folder inside
//! the output folder (created with a random name that must not exist yet, by
//! the `tempfile` crate), then renamed into place one by one. So:
//! - a reader never sees half a file, and an interrupted run leaves no file
//!   with a final name that it did not finish;
//! - no write follows a link: staged files are created new (`O_EXCL`) inside
//!   a folder nobody else could have prepared, and a rename replaces a link
//!   at the final name instead of writing through it;
//! - staging folders left behind by a killed run are removed by the next run
//!   into the same folder;
//! - a lock held for the whole write makes a second run into the same folder
//!   fail at once with a clear message instead of mixing its files in;
//! - a small manifest ([`MANIFEST_NAME`]) lists the files hexpress wrote
//!   there, so a run that replaces an earlier one ([`stage`] with `replace`)
//!   removes the earlier run's files it does not write again, and never
//!   touches a file hexpress did not write;
//! - a run is staged first and committed last ([`Staged::commit`]): a run
//!   that fails before the commit (standard output on a full device, say)
//!   leaves the folder as it was, and a commit that fails half-way puts the
//!   replaced files back.

use std::fs::File;
use std::io::Write;
use std::path::{Component, Path, PathBuf};

/// Name prefix of the staging folders inside an output folder.
pub(crate) const STAGING_PREFIX: &str = ".hexpress-staging-";

/// Name of the manifest: the files hexpress wrote into a folder, one name a
/// line.
pub const MANIFEST_NAME: &str = ".hexpress-files";

const MANIFEST_HEADER: &str = "# Files hexpress wrote into this folder. A later `hexpress generate` into\n# the same folder removes those it does not write again; other files are\n# never touched.\n";

/// Name of the lock file (only where a folder cannot be locked itself).
#[cfg(not(unix))]
pub(crate) const LOCK_NAME: &str = ".hexpress.lock";

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
    /// Another run holds the output folder.
    #[error(
        "another hexpress run is writing into `{}`\n  hint: wait for it to finish, or choose another folder with --out",
        .0.display()
    )]
    Busy(PathBuf),
    /// The output path exists and is not a folder.
    #[error("`{}` exists and is not a folder\n  hint: choose another folder with --out", .0.display())]
    NotAFolder(PathBuf),
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

/// Writes one file into `dir` through [`write_all`]; returns its path.
pub(crate) fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<PathBuf, WriteError> {
    let mut paths = write_all(dir, &[(name, bytes)])?;
    paths.pop().ok_or_else(|| WriteError::Escapes(name.to_string()))
}

/// Writes every `(name, bytes)` pair into `dir` (created if missing) as
/// described in the module docs; returns the final paths, in order. Files
/// of earlier runs stay (see [`stage`] to replace them).
///
/// Names are checked before anything is created. Fails with
/// [`WriteError::Busy`] while another run writes into the same folder.
pub fn write_all<N: AsRef<str>, B: AsRef<[u8]>>(
    dir: &Path,
    files: &[(N, B)],
) -> Result<Vec<PathBuf>, WriteError> {
    stage(dir, files, false)?.commit()
}

/// One run's files, written and synced in a staging folder inside the
/// output folder, not yet in place. Dropped without [`Staged::commit`], it
/// leaves the folder as it was (a folder it created is removed again).
#[derive(Debug)]
pub struct Staged {
    dir: PathBuf,
    created: bool,
    staging: Option<tempfile::TempDir>,
    names: Vec<String>,
    targets: Vec<PathBuf>,
    stale: Vec<PathBuf>,
    manifest: Vec<String>,
    _lock: FolderLock,
}

/// Stages `files` for `dir` (created if missing, locked until the commit or
/// the drop). With `replace`, the files the manifest lists that this run
/// does not write are removed at the commit.
pub fn stage<N: AsRef<str>, B: AsRef<[u8]>>(
    dir: &Path,
    files: &[(N, B)],
    replace: bool,
) -> Result<Staged, WriteError> {
    let targets =
        files.iter().map(|(n, _)| child(dir, n.as_ref())).collect::<Result<Vec<_>, _>>()?;
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| WriteError::Io { path, source }
    };
    if dir.exists() && !dir.is_dir() {
        return Err(WriteError::NotAFolder(dir.to_path_buf()));
    }
    let created = !dir.exists();
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let lock = match lock(dir) {
        Ok(l) => l,
        Err(e) => {
            if created {
                let _ = std::fs::remove_dir(dir);
            }
            return Err(e);
        }
    };
    let names: Vec<String> = files.iter().map(|(n, _)| n.as_ref().to_string()).collect();
    let earlier = read_manifest(dir);
    let stale: Vec<PathBuf> = match replace {
        true => earlier
            .iter()
            .filter(|n| !names.contains(n))
            .filter_map(|n| child(dir, n).ok())
            .filter(|p| p.symlink_metadata().is_ok_and(|m| !m.is_dir()))
            .collect(),
        false => Vec::new(),
    };
    let mut manifest: Vec<String> = match replace {
        true => names.clone(),
        false => earlier.into_iter().chain(names.iter().cloned()).collect(),
    };
    manifest.sort();
    manifest.dedup();
    let mut staged = Staged {
        dir: dir.to_path_buf(),
        created,
        staging: None,
        names,
        targets,
        stale,
        manifest,
        _lock: lock,
    };
    clean_stale(dir);
    let staging =
        tempfile::Builder::new().prefix(STAGING_PREFIX).tempdir_in(dir).map_err(io(dir))?;
    let put = |name: &str, bytes: &[u8]| -> Result<(), WriteError> {
        let path = staging.path().join(name);
        let mut f = File::create_new(&path).map_err(io(&path))?;
        f.write_all(bytes).map_err(io(&path))?;
        f.sync_all().map_err(io(&path))
    };
    let result = files
        .iter()
        .try_for_each(|(name, bytes)| put(name.as_ref(), bytes.as_ref()))
        .and_then(|()| put(MANIFEST_NAME, manifest_text(&staged.manifest).as_bytes()));
    staged.staging = Some(staging);
    result?;
    Ok(staged)
}

fn manifest_text(names: &[String]) -> String {
    let mut t = MANIFEST_HEADER.to_string();
    for n in names {
        t.push_str(n);
        t.push('\n');
    }
    t
}

/// The names an earlier run's manifest lists (plain names only).
fn read_manifest(dir: &Path) -> Vec<String> {
    let path = dir.join(MANIFEST_NAME);
    if path.symlink_metadata().map_or(true, |m| !m.is_file()) {
        return Vec::new();
    }
    let Ok(text) = crate::limits::read_input(&path) else { return Vec::new() };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && *l != MANIFEST_NAME)
        .filter(|l| !l.starts_with(STAGING_PREFIX) && child(dir, l).is_ok())
        .map(str::to_string)
        .collect()
}

impl Staged {
    /// Where the files will be once committed, in order.
    pub fn targets(&self) -> &[PathBuf] {
        &self.targets
    }

    /// Files of an earlier run the commit removes.
    pub fn stale(&self) -> &[PathBuf] {
        &self.stale
    }

    /// Moves the files into place, removes the earlier run's stale files and
    /// writes the manifest. If a step fails, the files already replaced or
    /// removed are put back.
    pub(crate) fn commit(mut self) -> Result<Vec<PathBuf>, WriteError> {
        let Some(staging) = self.staging.take() else {
            return Err(WriteError::Escapes(String::new()));
        };
        let io = |path: &Path| {
            let path = path.to_path_buf();
            move |source| WriteError::Io { path, source }
        };
        let old = staging.path().join(".replaced");
        std::fs::create_dir(&old).map_err(io(&old))?;
        // (final path, its earlier file kept in `old`, or none)
        let mut done: Vec<(PathBuf, Option<PathBuf>)> = Vec::new();
        let mut names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        names.push(MANIFEST_NAME);
        let result = (|| -> Result<(), WriteError> {
            for (i, path) in self.stale.iter().enumerate() {
                let keep = old.join(format!("stale-{i}"));
                std::fs::rename(path, &keep).map_err(io(path))?;
                done.push((path.clone(), Some(keep)));
            }
            for (i, name) in names.iter().enumerate() {
                let target = self.dir.join(name);
                if target.is_dir() && !target.is_symlink() {
                    return Err(WriteError::Io {
                        path: target,
                        source: std::io::Error::other("a folder has this name"),
                    });
                }
                let keep = match target.symlink_metadata() {
                    Ok(_) => {
                        let k = old.join(format!("file-{i}"));
                        std::fs::rename(&target, &k).map_err(io(&target))?;
                        Some(k)
                    }
                    Err(_) => None,
                };
                done.push((target.clone(), keep));
                std::fs::rename(staging.path().join(name), &target).map_err(io(&target))?;
            }
            Ok(())
        })();
        if let Err(e) = result {
            for (target, keep) in done.into_iter().rev() {
                let _ = std::fs::remove_file(&target);
                if let Some(k) = keep {
                    let _ = std::fs::rename(k, &target);
                }
            }
            return Err(e);
        }
        staging.close().map_err(io(&self.dir))?;
        self.created = false;
        Ok(std::mem::take(&mut self.targets))
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if let Some(s) = self.staging.take() {
            let _ = s.close();
        }
        if self.created {
            // Only if still empty: nothing of anyone else's is removed.
            let _ = std::fs::remove_dir(&self.dir);
        }
    }
}

/// Holds the output folder for one run; released when dropped.
#[derive(Debug)]
struct FolderLock(#[allow(dead_code)] File);

/// Locks `dir` against other runs (the folder itself where the system allows
/// it, so no lock file is left behind).
fn lock(dir: &Path) -> Result<FolderLock, WriteError> {
    #[cfg(unix)]
    let file = File::open(dir);
    #[cfg(not(unix))]
    let file = std::fs::OpenOptions::new().create(true).append(true).open(dir.join(LOCK_NAME));
    let file = file.map_err(|source| WriteError::Io { path: dir.to_path_buf(), source })?;
    match file.try_lock() {
        Ok(()) => Ok(FolderLock(file)),
        Err(std::fs::TryLockError::WouldBlock) => Err(WriteError::Busy(dir.to_path_buf())),
        Err(std::fs::TryLockError::Error(source)) => {
            Err(WriteError::Io { path: dir.to_path_buf(), source })
        }
    }
}

/// Removes staging folders and temporary files of runs that were killed.
/// Called with the folder locked, so none of them belongs to a live run.
/// `remove_dir_all` does not follow links.
fn clean_stale(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let Ok(kind) = e.file_type() else { continue };
        if name.starts_with(STAGING_PREFIX) && kind.is_dir() {
            let _ = std::fs::remove_dir_all(e.path());
        } else if is_old_temp_name(&name) && kind.is_file() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// `.NAME.tmp-PID`: the temporary files of earlier versions.
fn is_old_temp_name(name: &str) -> bool {
    match name.rsplit_once(".tmp-") {
        Some((head, pid)) => {
            head.starts_with('.') && !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> tempfile::TempDir {
        tempfile::Builder::new().prefix(&format!("hexpress-files-{tag}-")).tempdir().unwrap()
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

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
    fn writes_every_file_and_leaves_no_staging_folder() {
        let t = scratch("all");
        let dir = t.path().join("out");
        let paths =
            write_all(&dir, &[("a.txt", b"hello".as_slice()), ("b.txt", b"world")]).unwrap();
        assert_eq!(std::fs::read(&paths[0]).unwrap(), b"hello");
        assert_eq!(std::fs::read(&paths[1]).unwrap(), b"world");
        assert_eq!(names(&dir), [MANIFEST_NAME, "a.txt", "b.txt"]);
    }

    #[test]
    fn a_bad_name_writes_nothing() {
        let t = scratch("bad");
        let dir = t.path().join("out");
        let r = write_all(&dir, &[("a.txt", b"x".as_slice()), ("../b.txt", b"y")]);
        assert!(matches!(r, Err(WriteError::Escapes(_))));
        assert!(!dir.exists());
    }

    #[test]
    fn stale_staging_folders_and_temp_files_are_cleaned() {
        let t = scratch("stale");
        let dir = t.path();
        std::fs::create_dir(dir.join(format!("{STAGING_PREFIX}dead"))).unwrap();
        std::fs::write(dir.join(format!("{STAGING_PREFIX}dead/map.svg")), "x").unwrap();
        std::fs::write(dir.join(".layout.json.tmp-1234"), "x").unwrap();
        std::fs::write(dir.join("notes.tmp-1234"), "mine").unwrap();
        write_atomic(dir, "a.txt", b"new").unwrap();
        assert_eq!(names(dir), [MANIFEST_NAME, "a.txt", "notes.tmp-1234"]);
    }

    #[test]
    fn a_second_writer_is_refused_while_the_folder_is_held() {
        let t = scratch("lock");
        let held = lock(t.path()).unwrap();
        let r = write_atomic(t.path(), "a.txt", b"x");
        let msg = r.unwrap_err().to_string();
        assert!(msg.contains("another hexpress run"), "{msg}");
        drop(held);
        write_atomic(t.path(), "a.txt", b"x").unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_at_the_final_name_is_replaced_not_followed() {
        let t = scratch("link");
        let outside = t.path().join("outside.txt");
        std::fs::write(&outside, "keep").unwrap();
        let dir = t.path().join("out");
        std::fs::create_dir(&dir).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join("layout.json")).unwrap();
        std::os::unix::fs::symlink(&outside, dir.join(".layout.json.tmp-1")).unwrap();
        write_atomic(&dir, "layout.json", b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&outside).unwrap(), "keep");
        assert!(!dir.join("layout.json").is_symlink());
        assert_eq!(std::fs::read(dir.join("layout.json")).unwrap(), b"new");
    }
}
