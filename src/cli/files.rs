//! Which files a command works on: the paths given, with folders searched for every notation's
//! files.

use std::path::{Path, PathBuf};

use crate::Notation;

/// Adds the files under `folder` that Kibitzer reads (by extension, any case), sorted,
/// recursively. An unreadable subfolder is skipped rather than failing the whole run; an
/// unreadable `folder` itself is an error.
pub fn collect(folder: &Path, files: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(folder)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            let _ = collect(&path, files);
        } else if Notation::of_file(&path).is_some() {
            files.push(path);
        }
    }
    Ok(())
}
