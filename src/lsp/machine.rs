//! What the native server has that a browser has not: settings files next to the documents,
//! a pool of threads solving deals in the background, and the file system.

use std::sync::{Mutex, MutexGuard};

use tower_lsp_server::ls_types::Uri;

use super::config::{ProjectFiles, Settings};
use super::solving::Solving;
use super::workspace::Environment;
use crate::bridge::Deal;
use crate::double_dummy::TrickTable;
use crate::ide;
use crate::ide::diagram::DoubleDummyPart;
use crate::model::board::BoardModel;
use crate::notation::Notation;

/// The machine the native server runs on, as the handlers see it.
#[derive(Debug)]
pub(crate) struct Machine {
    /// The documents' settings files, read again when they change.
    projects: Mutex<ProjectFiles>,
    /// Settings-file errors already told (each is told once).
    reported: Mutex<Vec<String>>,
    /// Solves complete deals in the background (hover, board view, the checks when asked
    /// for, play analysis).
    pub(crate) solver: Solving,
}

impl Machine {
    /// A machine with its solver started and no settings file read.
    pub(crate) fn new() -> Machine {
        Machine {
            projects: Mutex::new(ProjectFiles::default()),
            reported: Mutex::new(Vec::new()),
            solver: Solving::new(),
        }
    }
}

/// Locks a mutex, recovering the data if a holder panicked (nothing here panics, but a poisoned
/// lock must not take the server down).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Environment for Machine {
    /// The editor's settings with the solver as the source of the double-dummy checks (when
    /// they are on: a deal not solved yet is queued for the document, and checked once it is)
    /// and the document's settings file applied.
    fn settings_for(&self, editor: &Settings, uri: &Uri) -> (Settings, Option<String>) {
        let mut base = editor.clone();
        if base.check_double_dummy {
            base.solutions = Some(self.solver.solutions_for_checks(uri));
        }
        let Some(path) = uri.to_file_path() else {
            return (base, None);
        };
        match lock(&self.projects).for_file(&path) {
            Some(Ok(config)) => (base.for_document(Some(&config), &path), None),
            Some(Err(error)) => {
                let message = error.to_string();
                let mut reported = lock(&self.reported);
                let new = !reported.contains(&message);
                if new {
                    reported.push(message.clone());
                }
                (base, new.then_some(message))
            }
            None => (base, None),
        }
    }

    fn double_dummy(&self, uri: &Uri, board: &BoardModel) -> Option<DoubleDummyPart> {
        self.solver.hover(uri, board)
    }

    fn trick_costs(&self, uri: &Uri, board: &BoardModel) -> Vec<ide::InlayHint> {
        self.solver.trick_cost_hints(uri, board)
    }

    fn read_unopened(&self, uri: &Uri) -> Result<(Notation, String), String> {
        let Some(path) = uri.to_file_path() else {
            return Err(format!("{} is neither open nor a file", uri.as_str()));
        };
        match crate::text::read_file(&path) {
            Ok(source) => Ok((Notation::from_path(&path), source.text)),
            Err(error) => Err(format!("cannot read {}: {error}", uri.as_str())),
        }
    }

    /// Deals are solved in the background here, never while a request waits.
    fn solve(&self, _: &Deal) -> Option<TrickTable> {
        None
    }

    fn forget(&self, uri: &Uri) {
        self.solver.forget(uri);
    }

    fn settings_files_changed(&self) {
        lock(&self.projects).forget();
        lock(&self.reported).clear();
    }
}
