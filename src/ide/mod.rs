//! Editor features as pure functions over one game's tree at a byte offset.
//!
//! Every function takes a game (or comment chunk) node rooted at the chunk's own start, so its
//! offsets and ranges are relative to that start; the language server adds the chunk's offset
//! and converts to editor positions. Nothing here knows about LSP.

pub mod board;
pub(crate) mod completion;
pub mod dealing;
pub mod diagram;
pub(crate) mod hints;
pub mod hover;
pub(crate) mod info;
pub mod lin;
pub(crate) mod navigation;
pub(crate) mod outline;
pub(crate) mod play_analysis;
pub mod rbn;
pub(crate) mod record;
pub(crate) mod tokens;

pub use board::{board_view, BoardView};
pub use completion::{completions, Completion, CompletionKind};
pub use hints::{inlay_hints, model_hints, InlayHint};
pub use hover::{hover, Hover};
pub use navigation::{definition, references};
pub use outline::{folding_ranges, game_brief_symbol, game_symbol, FoldKind, Symbol, SymbolKind};
pub use tokens::{semantic_tokens, SemanticToken, TokenType};
