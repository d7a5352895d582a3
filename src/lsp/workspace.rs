//! What both front doors answer from: the open documents and the editor's settings
//! ([`Workspace`]), what differs between a machine and a browser ([`Environment`]), work that
//! a door may run off its protocol thread ([`Work`]), and what a handler leaves the door to do
//! once it has answered ([`Aftermath`]). The handlers themselves are in `handlers`.

use std::collections::HashMap;

use tower_lsp_server::ls_types::Uri;

use super::config::Settings;
use super::job::Job;
use super::published::Published;
use crate::bridge::Deal;
use crate::double_dummy::TrickTable;
use crate::ide;
use crate::ide::diagram::DoubleDummyPart;
use crate::lsp::document::open_text::ClientTerms;
use crate::lsp::document::OpenDocument;
use crate::model::board::BoardModel;
use crate::notation::Notation;
use crate::text::PositionEncoding;

/// JSON-RPC's code for a method nobody answers.
pub(crate) const METHOD_NOT_FOUND: i64 = -32601;
/// JSON-RPC's code for parameters a method cannot take.
pub(crate) const INVALID_PARAMS: i64 = -32602;

/// The protocol's code for an answer the document changed under before it was ready.
pub(crate) const CONTENT_MODIFIED: i64 = -32801;

/// A request that could not be answered: the JSON-RPC error code and the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refusal {
    /// The JSON-RPC error code.
    pub code: i64,
    /// What the client is told.
    pub message: String,
}

impl Refusal {
    /// Parameters the method cannot take, with why.
    pub(crate) fn invalid_params(message: impl Into<String>) -> Refusal {
        Refusal {
            code: INVALID_PARAMS,
            message: message.into(),
        }
    }

    /// An answer about a text that is no longer the document's.
    pub(crate) fn content_modified() -> Refusal {
        Refusal {
            code: CONTENT_MODIFIED,
            message: "the document changed before the answer was ready".into(),
        }
    }
}

/// An answer, now or as a job a door may run off its protocol thread (the native server on
/// another thread, the browser inline): a large file's outline, colours, formatting or
/// conversion take long enough to hold up the next message.
pub(crate) enum Work<T> {
    /// The answer, worked out.
    Done(Result<T, Refusal>),
    /// The job that works it out.
    Later(Job<Result<T, Refusal>>),
}

impl<T: Send + 'static> Work<T> {
    /// Works the answer out here.
    pub(crate) fn run(self) -> Result<T, Refusal> {
        match self {
            Work::Done(answer) => answer,
            Work::Later(job) => job(),
        }
    }

    /// The answer turned by `f` once it is worked out.
    pub(crate) fn then<U>(
        self,
        f: impl FnOnce(T) -> Result<U, Refusal> + Send + 'static,
    ) -> Work<U> {
        match self {
            Work::Done(answer) => Work::Done(answer.and_then(f)),
            Work::Later(job) => Work::Later(Box::new(move || job().and_then(f))),
        }
    }
}

impl<T> From<T> for Work<T> {
    fn from(answer: T) -> Work<T> {
        Work::Done(Ok(answer))
    }
}

/// What differs between the native server and the browser's session: settings files, the
/// double-dummy solver, and the file system.
pub(crate) trait Environment {
    /// The settings for document `uri`, given the editor's: with its settings file applied
    /// and the solver feeding the double-dummy checks where there are such things; and the
    /// file's error when it cannot be used and the user was not told yet.
    fn settings_for(&self, editor: &Settings, uri: &Uri) -> (Settings, Option<String>);

    /// The double-dummy part of the hover or board view of `board` (a board of `uri`): the
    /// table when solved, else that it is being solved (and it is asked for).
    fn double_dummy(&self, uri: &Uri, board: &BoardModel) -> Option<DoubleDummyPart>;

    /// The play analysis's inlay hints for `board` (a board of `uri`) when it is done (else
    /// none, and it is asked for).
    fn trick_costs(&self, uri: &Uri, board: &BoardModel) -> Vec<ide::InlayHint>;

    /// The notation and text of a document a command names that is not open.
    fn read_unopened(&self, uri: &Uri) -> Result<(Notation, String), String>;

    /// Solves `deal` here and now (the browser's solving worker), `None` when it cannot.
    fn solve(&self, deal: &Deal) -> Option<TrickTable>;

    /// Forgets what was asked on behalf of `uri` (it was closed).
    fn forget(&self, uri: &Uri);

    /// Forgets the settings files read (one of them changed).
    fn settings_files_changed(&self);

    /// Whether a large document is checked a part at a time, requests answered between the
    /// parts (a server with one thread, see [`super::document::CHECKED_LATER_FROM`]).
    fn checks_in_parts(&self) -> bool {
        false
    }
}

/// When a document's diagnostics are to be published.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Publish {
    /// Now: it was opened, or the settings changed what is found.
    Now,
    /// Once typing settles (the native server waits `debounce_ms`; the browser publishes at
    /// the end of the batch).
    Settled,
}

/// What a handler leaves its door to do once it has answered.
#[derive(Debug, Default)]
pub(crate) struct Aftermath {
    /// Messages for the user (`window/showMessage` warnings).
    pub shown: Vec<String>,
    /// Messages for the log (`window/logMessage` warnings).
    pub logged: Vec<String>,
    /// Documents whose diagnostics are to be published, with when and the generation they
    /// were asked at.
    pub publish: Vec<(Uri, Publish, u64)>,
    /// Documents closed: their diagnostics are cleared.
    pub cleared: Vec<Uri>,
    /// An edit that settled may give the solver another deal: the document, its generation
    /// and where the edit was.
    pub edited: Vec<(Uri, u64, usize)>,
}

/// The documents open in an editor and its settings: the state of a language session.
#[derive(Debug)]
pub(crate) struct Workspace {
    /// The open documents.
    pub docs: HashMap<Uri, OpenDocument>,
    /// The editor's settings (before a document's settings file).
    pub settings: Settings,
    /// How positions count characters, as agreed at `initialize`.
    pub encoding: PositionEncoding,
    /// Whether the client resolves code actions (`codeAction/resolve`): the lightbulb then
    /// offers "fix all", worked out only when chosen.
    pub resolves_code_actions: bool,
    /// How many folding ranges the client keeps of a document (`foldingRange.rangeLimit`;
    /// VS Code's is 5,000): sending the 69,000 of a 20,000-game file after every edit only
    /// kept its extension host busy.
    pub folding_limit: Option<usize>,
    /// What the handlers left to do (taken by the door after each message).
    pub after: Aftermath,
}

impl Default for Workspace {
    fn default() -> Workspace {
        Workspace {
            docs: HashMap::new(),
            settings: Settings::default(),
            // The protocol's default, until `initialize` agrees on another.
            encoding: PositionEncoding::Utf16,
            resolves_code_actions: false,
            folding_limit: None,
            after: Aftermath::default(),
        }
    }
}

impl Workspace {
    /// The settings for `uri`; a settings file the user was not told is unusable is told.
    pub(crate) fn settings_for(&mut self, env: &dyn Environment, uri: &Uri) -> Settings {
        let (settings, problem) = env.settings_for(&self.settings, uri);
        if let Some(message) = problem {
            self.after
                .shown
                .push(format!("Kibitzer ignores a settings file: {message}"));
        }
        settings
    }

    /// Asks for `uri`'s diagnostics to be published.
    pub(crate) fn publish(&mut self, uri: &Uri, when: Publish) {
        let generation = self.docs.get(uri).map_or(0, |doc| doc.generation());
        self.after.publish.push((uri.clone(), when, generation));
    }

    /// Asks for every open document's diagnostics to be published now, their findings
    /// forgotten first (the settings or settings files changed).
    pub(crate) fn recheck_all(&mut self) {
        let mut uris: Vec<Uri> = self.docs.keys().cloned().collect();
        uris.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        for uri in uris {
            if let Some(doc) = self.docs.get_mut(&uri) {
                doc.invalidate();
            }
            self.publish(&uri, Publish::Now);
        }
    }

    /// Checks the games of `uri` not checked yet: all of them when at most `all_from` are left
    /// (a document edited while small), else `games` of them (a large one checked a part at a
    /// time): how many are left (none for a document that is not open).
    pub(crate) fn check_some(
        &mut self,
        env: &dyn Environment,
        uri: &Uri,
        all_from: usize,
        games: usize,
    ) -> usize {
        let settings = self.settings_for(env, uri);
        let encoding = self.encoding;
        let Some(doc) = self.docs.get_mut(uri) else {
            return 0;
        };
        let terms = ClientTerms {
            settings: &settings,
            encoding,
        };
        match doc.check_some(terms, 0) {
            0 => 0,
            unchecked if unchecked <= all_from => doc.check_some(terms, usize::MAX),
            _ => doc.check_some(terms, games),
        }
    }

    /// The diagnostics of `uri` and its version, when it is open and, if a generation is
    /// given, has not changed since.
    pub(crate) fn diagnostics(
        &mut self,
        env: &dyn Environment,
        uri: &Uri,
        generation: Option<u64>,
    ) -> Option<(Published, i32)> {
        let settings = self.settings_for(env, uri);
        let encoding = self.encoding;
        let doc = self.docs.get_mut(uri)?;
        if generation.is_some_and(|g| g != doc.generation()) {
            return None;
        }
        let terms = ClientTerms {
            settings: &settings,
            encoding,
        };
        Some((doc.diagnostics(terms).folded(), doc.version()))
    }

    /// Takes what the handlers left to do.
    pub(crate) fn take_aftermath(&mut self) -> Aftermath {
        std::mem::take(&mut self.after)
    }
}
