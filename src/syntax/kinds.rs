//! The one declaration form of a notation's syntax kinds.
//!
//! [`syntax_kinds!`] declares a kind enum (tokens first, then nodes, numbered in that order), the
//! table that turns raw rowan kinds back into it, `is_node`, the rowan language tag and the node,
//! token and element aliases: everything that would otherwise be kept in step by hand in each
//! notation's `kind.rs`.

/// Declares a notation's kind enum, its rowan language and its tree type aliases.
///
/// ```ignore
/// syntax_kinds! {
///     /// The kinds of some notation.
///     pub enum Kind in Language (Node, Token, Element) {
///         tokens { /// A space.
///                  WHITESPACE, }
///         nodes { /// The file.
///                 FILE, }
///         fallback ERROR
///     }
/// }
/// ```
macro_rules! syntax_kinds {
    (
        $(#[$enum_meta:meta])*
        pub enum $kind:ident in $language:ident ($node:ident, $token:ident, $element:ident) {
            tokens { $( $(#[$tok_meta:meta])* $tok:ident, )* }
            nodes { $( $(#[$node_meta:meta])* $nd:ident, )* }
            fallback $fallback:ident
        }
    ) => {
        $(#[$enum_meta])*
        #[allow(non_camel_case_types)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u16)]
        pub enum $kind {
            $( $(#[$tok_meta])* $tok, )*
            $( $(#[$node_meta])* $nd, )*
        }

        impl $kind {
            /// Every kind, in discriminant order (for converting raw kinds back).
            pub const ALL: &'static [$kind] = &[$($kind::$tok,)* $($kind::$nd,)*];

            /// Whether this kind is a node rather than a token.
            pub fn is_node(self) -> bool {
                matches!(self, $($kind::$nd)|*)
            }

            /// The kind of a raw rowan kind; the fallback kind for a number that is none.
            pub fn from_raw(raw: u16) -> $kind {
                $kind::ALL
                    .get(usize::from(raw))
                    .copied()
                    .unwrap_or($kind::$fallback)
            }
        }

        impl From<$kind> for rowan::SyntaxKind {
            fn from(kind: $kind) -> Self {
                rowan::SyntaxKind(kind as u16)
            }
        }

        /// The rowan language tag of these trees.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $language {}

        impl rowan::Language for $language {
            type Kind = $kind;
            fn kind_from_raw(raw: rowan::SyntaxKind) -> $kind {
                $kind::from_raw(raw.0)
            }
            fn kind_to_raw(kind: $kind) -> rowan::SyntaxKind {
                kind.into()
            }
        }

        /// A node of these trees.
        pub type $node = rowan::SyntaxNode<$language>;
        /// A token of these trees.
        pub type $token = rowan::SyntaxToken<$language>;
        /// A node or a token of these trees.
        pub type $element = rowan::SyntaxElement<$language>;
    };
}

pub(crate) use syntax_kinds;

#[cfg(test)]
mod tests {
    use crate::syntax::pbn::kind::SyntaxKind;
    use crate::syntax::rbn::RbnKind;

    #[test]
    fn raw_kinds_round_trip_and_tokens_come_before_nodes() {
        for (i, kind) in SyntaxKind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, i);
            assert_eq!(SyntaxKind::from_raw(i as u16), *kind);
        }
        for (i, kind) in RbnKind::ALL.iter().enumerate() {
            assert_eq!(*kind as usize, i);
            assert_eq!(RbnKind::from_raw(i as u16), *kind);
        }
        assert_eq!(SyntaxKind::from_raw(999), SyntaxKind::ERROR);
        assert_eq!(RbnKind::from_raw(999), RbnKind::ERROR);
        assert!(SyntaxKind::GAME.is_node() && !SyntaxKind::CALL.is_node());
        assert!(RbnKind::RECORD.is_node() && !RbnKind::CALL.is_node());
        let first_node = SyntaxKind::ALL.iter().position(|k| k.is_node());
        assert_eq!(first_node, Some(SyntaxKind::FILE as usize));
        assert!(SyntaxKind::ALL[SyntaxKind::FILE as usize..]
            .iter()
            .all(|k| k.is_node()));
    }
}
