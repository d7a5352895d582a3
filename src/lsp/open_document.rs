//! An open document, whatever its notation. What the protocol handlers ask of every document
//! (its text and version, taking changes, diagnostics, formatting, the board at a position) is
//! one trait, [`OpenText`], which each notation's document implements; [`OpenDocument`] holds
//! one of them and is that trait (it dereferences to it), so only the features that differ by
//! notation (hover, completion, symbols…) look at which one it is.

use std::ops::{Deref, DerefMut};

use ropey::Rope;
use tower_lsp_server::ls_types::{self as lsp, Uri};

use super::config::Settings;
use super::document::Document;
use super::lin_document::LinDocument;
use super::position::BadChange;
use super::rbn_document::RbnDocument;
use super::seams;
use crate::convert::Board;
use crate::diagnostic::TextEdit;
use crate::notation::Notation;
use crate::syntax::TextRange;
use crate::text::PositionEncoding;

/// A job that formats a document off the protocol thread (it holds its own copy of the text).
pub type FormatJob = Box<dyn FnOnce() -> Vec<TextEdit> + Send>;

/// What the server asks of an open document, whatever its notation.
pub trait OpenText: Send {
    /// The text.
    fn rope(&self) -> &Rope;
    /// The client's version.
    fn version(&self) -> i32;
    /// Records the client's version.
    fn set_version(&mut self, version: i32);
    /// The generation (increases with every change).
    fn generation(&self) -> u64;
    /// Replaces the whole text.
    fn replace(&mut self, text: &str);
    /// Applies one change: `range` in the negotiated encoding (or the whole text when `None`).
    fn apply_change(
        &mut self,
        range: Option<lsp::Range>,
        text: &str,
        encoding: PositionEncoding,
    ) -> Result<(), BadChange>;
    /// Forgets every cached diagnostic (after a settings change).
    fn invalidate(&mut self);
    /// Forgets the cached diagnostics that double-dummy results decide (only PBN keeps them).
    fn invalidate_double_dummy(&mut self) {}
    /// The board holding `offset`, if any.
    fn board_at(&mut self, offset: usize) -> Option<Board>;
    /// Brings the diagnostics up to date and returns them in LSP form.
    fn diagnostics(
        &mut self,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<lsp::Diagnostic>;
    /// The formatting of the whole document, or of the games or records `range` touches.
    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob;
}

/// The fields every document keeps under the same names.
macro_rules! text_fields {
    () => {
        fn rope(&self) -> &Rope {
            &self.rope
        }
        fn version(&self) -> i32 {
            self.version
        }
        fn set_version(&mut self, version: i32) {
            self.version = version;
        }
        fn generation(&self) -> u64 {
            self.generation
        }
        fn replace(&mut self, text: &str) {
            Self::replace(self, text)
        }
        fn apply_change(
            &mut self,
            range: Option<lsp::Range>,
            text: &str,
            encoding: PositionEncoding,
        ) -> Result<(), BadChange> {
            Self::apply_change(self, range, text, encoding)
        }
        fn invalidate(&mut self) {
            Self::invalidate(self)
        }
    };
}

/// What the RBN and LIN documents answer alike: the board from their tree, diagnostics
/// refreshed for the whole document.
macro_rules! checked_pieces {
    () => {
        fn board_at(&mut self, offset: usize) -> Option<Board> {
            Self::board_at(self, offset)
        }
        fn diagnostics(
            &mut self,
            settings: &Settings,
            encoding: PositionEncoding,
        ) -> Vec<lsp::Diagnostic> {
            self.refresh();
            self.lsp_diagnostics(settings, encoding)
        }
    };
}

impl OpenText for Document {
    text_fields!();

    fn invalidate_double_dummy(&mut self) {
        Document::invalidate_double_dummy(self)
    }

    fn board_at(&mut self, offset: usize) -> Option<Board> {
        Document::board_at(self, offset)
    }

    fn diagnostics(
        &mut self,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> Vec<lsp::Diagnostic> {
        self.refresh(settings, encoding);
        self.lsp_diagnostics(settings, encoding)
    }

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        let settings = settings.clone();
        let (rope, outline) = (self.rope.clone(), self.outline.clone());
        Box::new(move || {
            let text = rope.to_string();
            match range {
                Some(range) => seams::format_games_in(&outline, &text, range, &settings),
                None => seams::format_all(&outline, &text, &settings),
            }
        })
    }
}

impl OpenText for RbnDocument {
    text_fields!();
    checked_pieces!();

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        let settings = settings.clone();
        let (rope, parse) = (self.rope.clone(), self.parse.clone());
        Box::new(move || seams::format_rbn(&parse, &rope.to_string(), range, &settings))
    }
}

impl OpenText for LinDocument {
    text_fields!();
    checked_pieces!();

    fn formatter(&self, range: Option<TextRange>, settings: &Settings) -> FormatJob {
        let settings = settings.clone();
        let (rope, parse) = (self.rope.clone(), self.parse.clone());
        Box::new(move || {
            crate::format::lin::format_lin_edits(
                &parse,
                &rope.to_string(),
                range,
                settings.format_eol,
            )
        })
    }
}

/// An open document in either notation.
#[derive(Debug)]
pub enum OpenDocument {
    /// A PBN document.
    Pbn(Document),
    /// An RBN document.
    Rbn(RbnDocument),
    /// A LIN document.
    Lin(LinDocument),
}

impl OpenDocument {
    /// A document opened with `text`: RBN when the language id is `rbn`, or when the language id
    /// is not one of ours and the URI ends with `.rbn`; PBN otherwise.
    pub fn new(uri: Uri, language_id: &str, text: &str, version: i32) -> OpenDocument {
        match OpenDocument::notation_of(&uri, language_id) {
            Notation::Pbn => OpenDocument::Pbn(Document::new(uri, text, version)),
            Notation::Rbn => OpenDocument::Rbn(RbnDocument::new(uri, text, version)),
            Notation::Lin => OpenDocument::Lin(LinDocument::new(uri, text, version)),
        }
    }

    /// [`OpenDocument::new`], checking a PBN document while it is parsed (see
    /// [`Document::open`]); an RBN document is checked by its first refresh.
    pub fn open(
        uri: Uri,
        language_id: &str,
        text: &str,
        version: i32,
        settings: &Settings,
        encoding: PositionEncoding,
    ) -> OpenDocument {
        match OpenDocument::notation_of(&uri, language_id) {
            Notation::Pbn => {
                OpenDocument::Pbn(Document::open(uri, text, version, settings, encoding))
            }
            Notation::Rbn => OpenDocument::Rbn(RbnDocument::new(uri, text, version)),
            Notation::Lin => OpenDocument::Lin(LinDocument::new(uri, text, version)),
        }
    }

    fn notation_of(uri: &Uri, language_id: &str) -> Notation {
        Notation::from_language_id(language_id).unwrap_or_else(|| {
            let path = uri.path().as_str().to_string();
            Notation::from_path(std::path::Path::new(&path))
        })
    }

    /// The notation the document is read in.
    pub fn notation(&self) -> Notation {
        match self {
            OpenDocument::Pbn(_) => Notation::Pbn,
            OpenDocument::Rbn(_) => Notation::Rbn,
            OpenDocument::Lin(_) => Notation::Lin,
        }
    }

    /// The document as what every notation's document is.
    pub fn text(&self) -> &(dyn OpenText + 'static) {
        match self {
            OpenDocument::Pbn(d) => d,
            OpenDocument::Rbn(d) => d,
            OpenDocument::Lin(d) => d,
        }
    }

    /// [`OpenDocument::text`], to change it.
    pub fn text_mut(&mut self) -> &mut (dyn OpenText + 'static) {
        match self {
            OpenDocument::Pbn(d) => d,
            OpenDocument::Rbn(d) => d,
            OpenDocument::Lin(d) => d,
        }
    }
}

impl Deref for OpenDocument {
    type Target = dyn OpenText;

    fn deref(&self) -> &Self::Target {
        self.text()
    }
}

impl DerefMut for OpenDocument {
    fn deref_mut(&mut self) -> &mut Self::Target {
        self.text_mut()
    }
}
