//! Which files a command works on: the paths given, with folders searched for every notation's
//! files.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::Notation;

/// The files a command works on: each path that is a file (or `-`) as given, each folder
/// searched with [`collect`]; and how many folders could not be read (each said on stderr).
pub fn gather(paths: &[PathBuf]) -> (Vec<PathBuf>, usize) {
    let mut files = Vec::new();
    let mut failures = 0;
    for path in paths {
        if path.as_os_str() != "-" && path.is_dir() {
            if let Err(error) = collect(path, &mut files) {
                eprintln!("kibitzer: {}: cannot read folder: {error}", path.display());
                failures += 1;
            }
        } else {
            files.push(path.clone());
        }
    }
    (files, failures)
}

/// Adds the files under `folder` that Kibitzer reads (by extension, any case), sorted,
/// recursively. An unreadable subfolder is skipped rather than failing the whole run; an
/// unreadable `folder` itself is an error. A folder reached again through a symbolic link (a
/// loop, or two links to one place) is searched once, with a warning.
pub fn collect(folder: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut seen = HashSet::new();
    collect_in(folder, files, &mut seen)
}

fn collect_in(
    folder: &Path,
    files: &mut Vec<PathBuf>,
    seen: &mut HashSet<PathBuf>,
) -> std::io::Result<()> {
    let real = std::fs::canonicalize(folder)?;
    if !seen.insert(real) {
        eprintln!(
            "kibitzer: {}: skipped: this folder was already searched by another path (a symbolic link leads back to it)",
            folder.display()
        );
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            let _ = collect_in(&path, files, seen);
        } else if Notation::of_file(&path).is_some() {
            files.push(path);
        }
    }
    Ok(())
}

/// Writes a temporary file beside `path` and renames it over `path`, keeping its permissions.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(format!(".{file_name}.kibitzer-{}.tmp", std::process::id()));
    let result = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        if let Ok(metadata) = std::fs::metadata(path) {
            std::fs::set_permissions(&temp, metadata.permissions())?;
        }
        std::fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}
