//! The per-piece results of an open document, in every notation (PBN games, RBN records, LIN
//! boards), and how they are brought up to date after an edit: one cache, keyed by the piece and
//! by the state the pieces before it hand down (PBN's `#` inheritance, RBN's carried fields,
//! LIN's vugraph header).
//!
//! For each child of the file (a piece, or the blank text between) the cache keeps a key that
//! names that version of the child, the state it received, the state it handed on, and its
//! findings. An edit replaces the entries of the children it reached ([`PieceCache::replace`]).
//! The walk over the carried state then starts at the first entry an edit left without a state
//! or findings, and goes on while the state handed on differs from what the next child was last
//! given: a child that is unchanged and receives the same state keeps its findings, and once past
//! the edited children the walk stops there. A notation whose pieces cannot hand anything down
//! (a PBN text without `#`) checks the children without findings on their own, on every core
//! when there are many.

use std::fmt::Debug;
use std::ops::Range;
use std::sync::Arc;

use crate::parallel::{map_slices, threads_for};

/// Checking at least this many pieces at once is spread over threads.
pub(crate) const PARALLEL_PIECES: usize = 2048;

/// What names one version of a child of the file in a [`PieceCache`].
pub(crate) trait PieceKey: Debug + Send + Sync {
    /// Whether the child is a piece (a game, record or board), not the blank text between:
    /// only pieces are counted in [`PieceCache::last_checked`].
    fn is_piece(&self) -> bool;
}

/// What the cache remembers about one child of the file.
#[derive(Debug, Clone)]
struct Entry<K, C, F> {
    key: K,
    /// The state the child was given; `None` until a walk over the carried state reaches it.
    received: Option<Arc<C>>,
    /// The state it handed on (set with `received`).
    handed_on: Option<Arc<C>>,
    /// Its findings; `None` until computed.
    findings: Option<Arc<F>>,
}

/// The per-piece findings (`F`) of an open document, with the state (`C`) each piece received,
/// for children named by `K` (see the module documentation).
#[derive(Debug)]
pub(crate) struct PieceCache<K, C, F> {
    entries: Vec<Entry<K, C, F>>,
    /// How many pieces the last refresh checked (for tests and timing).
    pub last_checked: usize,
}

impl<K, C, F> Default for PieceCache<K, C, F> {
    fn default() -> Self {
        PieceCache {
            entries: Vec::new(),
            last_checked: 0,
        }
    }
}

/// Which entries a walk over the carried state must step through.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Walk {
    /// Only the state: an entry is pending while it has none, and one whose state changes loses
    /// its findings.
    States,
    /// The state and the findings together: an entry is pending while it lacks either.
    Findings,
}

impl<K: PieceKey, C, F> PieceCache<K, C, F>
where
    C: Clone + PartialEq + Default + Debug,
{
    /// A cache of `children`, each with its findings when they are already known.
    pub fn of(children: impl IntoIterator<Item = (K, Option<Arc<F>>)>) -> Self {
        PieceCache {
            entries: children
                .into_iter()
                .map(|(key, findings)| Entry {
                    key,
                    received: None,
                    handed_on: None,
                    findings,
                })
                .collect(),
            last_checked: 0,
        }
    }

    /// How many children the cache holds.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The key of child `index`.
    pub fn key(&self, index: usize) -> Option<&K> {
        self.entries.get(index).map(|e| &e.key)
    }

    /// The key of child `index`, to be replaced by an equal one (a tree notation keeps the
    /// tree of today, which the next edit finds by its pointer).
    pub fn key_mut(&mut self, index: usize) -> Option<&mut K> {
        self.entries.get_mut(index).map(|e| &mut e.key)
    }

    /// The findings of child `index`, if computed.
    pub fn findings(&self, index: usize) -> Option<&Arc<F>> {
        self.entries.get(index).and_then(|e| e.findings.as_ref())
    }

    /// The state handed down to child `index` (the default before any walk reached it).
    pub fn received(&self, index: usize) -> Arc<C> {
        self.entries
            .get(index)
            .and_then(|e| e.received.clone())
            .unwrap_or_default()
    }

    /// Every child's key and findings, in text order.
    pub fn children(&self) -> impl Iterator<Item = (&K, Option<&Arc<F>>)> + '_ {
        self.entries.iter().map(|e| (&e.key, e.findings.as_ref()))
    }

    /// Replaces the entries `removed` with new ones for the children `fresh` (no state and no
    /// findings yet).
    pub fn replace(&mut self, removed: Range<usize>, fresh: impl IntoIterator<Item = K>) {
        let fresh = fresh.into_iter().map(|key| Entry {
            key,
            received: None,
            handed_on: None,
            findings: None,
        });
        self.entries.splice(removed, fresh);
    }

    /// Forgets the findings of the children `which` picks (by index and key).
    pub fn forget_findings(&mut self, which: impl Fn(usize, &K) -> bool) {
        for (index, entry) in self.entries.iter_mut().enumerate() {
            if which(index, &entry.key) {
                entry.findings = None;
            }
        }
    }

    /// Forgets every state handed down (when a text starts handing state down: the next walk
    /// goes over every child).
    pub fn forget_states(&mut self) {
        for entry in &mut self.entries {
            entry.received = None;
            entry.handed_on = None;
        }
    }

    /// Forgets everything but the children.
    pub fn clear(&mut self) {
        self.entries.clear();
    }

    /// Brings each child's state and findings up to date in text order, `check` giving a
    /// child's findings from the state it received and advancing that state over it (see the
    /// module documentation).
    pub fn refresh_in_order(&mut self, mut check: impl FnMut(usize, &K, &mut C) -> Arc<F>) {
        self.walk(Walk::Findings, |index, key, state| {
            Some(check(index, key, state))
        });
    }

    /// Brings each child's state up to date in text order, `advance` moving the state over a
    /// child; a child whose state changed loses its findings (see [`PieceCache::refresh_some`]).
    pub fn settle_states(&mut self, mut advance: impl FnMut(usize, &K, &mut C)) {
        self.walk(Walk::States, |index, key, state| {
            advance(index, key, state);
            None
        });
    }

    /// Computes the findings of the first `limit` children without them (`usize::MAX` for
    /// all) among the children `within`, each on its own from the state it received (`None`
    /// before any walk over the state reached it), on every core when there are many: how many
    /// there are left without them. A server with one thread checks a large document a part at
    /// a time so, answering requests between the parts (and checking only the children a
    /// request needs).
    pub fn refresh_some(
        &mut self,
        within: std::ops::Range<usize>,
        limit: usize,
        check: impl Fn(usize, &K, Option<&C>) -> Arc<F> + Sync,
    ) -> usize
    where
        C: Send + Sync,
        F: Send + Sync,
    {
        let within = within.start.min(self.entries.len())..within.end.min(self.entries.len());
        let mut unchecked = within.filter(|&i| self.entries[i].findings.is_none());
        let taken: Vec<usize> = unchecked.by_ref().take(limit).collect();
        let left = unchecked.count();
        if taken.is_empty() {
            self.last_checked = 0;
            return left;
        }
        let entries = &self.entries;
        let threads = threads_for(taken.len(), PARALLEL_PIECES);
        let computed: Vec<(usize, Arc<F>)> = map_slices(&taken, threads, |part| {
            part.iter()
                .map(|&i| {
                    let entry = &entries[i];
                    (i, check(i, &entry.key, entry.received.as_deref()))
                })
                .collect()
        });
        self.last_checked = taken
            .iter()
            .filter(|&&i| self.entries[i].key.is_piece())
            .count();
        for (index, findings) in computed {
            self.entries[index].findings = Some(findings);
        }
        left
    }

    /// The walk over the carried state (see the module documentation): `step` advances the
    /// state over a child and gives its findings, if it computes them.
    fn walk(&mut self, walk: Walk, mut step: impl FnMut(usize, &K, &mut C) -> Option<Arc<F>>) {
        self.last_checked = 0;
        let pending = |e: &Entry<K, C, F>| {
            e.received.is_none() || walk == Walk::Findings && e.findings.is_none()
        };
        let Some(first) = self.entries.iter().position(pending) else {
            return;
        };
        let last_pending = self.entries.iter().rposition(pending).unwrap_or(first);
        let mut carried = match first.checked_sub(1) {
            Some(previous) => self.entries[previous].handed_on.clone().unwrap_or_default(),
            None => Arc::default(),
        };
        for index in first..self.entries.len() {
            let entry = &self.entries[index];
            if !pending(entry) && entry.received.as_deref() == Some(&*carried) {
                if index > last_pending {
                    break; // unchanged from here on, with the same state handed down
                }
                carried = entry.handed_on.clone().unwrap_or_else(|| carried.clone());
                continue;
            }
            let before = carried.clone();
            let mut state = (*carried).clone();
            let findings = step(index, &entry.key, &mut state);
            if findings.is_some() && entry.key.is_piece() {
                self.last_checked += 1;
            }
            carried = if state == *before {
                before.clone()
            } else {
                Arc::new(state)
            };
            let entry = &mut self.entries[index];
            entry.received = Some(before);
            entry.handed_on = Some(carried.clone());
            // A state walk reaches a child only when its state is new: its findings go.
            entry.findings = findings;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A child of a test text: a word, or blank.
    #[derive(Debug, Clone, PartialEq)]
    struct Word(&'static str);

    impl PieceKey for Word {
        fn is_piece(&self) -> bool {
            !self.0.is_empty()
        }
    }

    /// The state handed down: the last word that starts with `=`.
    type Last = Option<&'static str>;

    /// Findings: the word and the state it was checked with.
    type Seen = (&'static str, Last);

    fn check(_: usize, key: &Word, state: &mut Last) -> Arc<Seen> {
        let seen = (key.0, *state);
        if key.0.starts_with('=') {
            *state = Some(key.0);
        }
        Arc::new(seen)
    }

    fn cache(words: &[&'static str]) -> PieceCache<Word, Last, Seen> {
        PieceCache::of(words.iter().map(|w| (Word(w), None)))
    }

    fn seen(cache: &PieceCache<Word, Last, Seen>) -> Vec<Seen> {
        cache
            .children()
            .map(|(_, f)| *f.unwrap().as_ref())
            .collect()
    }

    #[test]
    fn a_walk_rechecks_from_the_edit_until_the_handed_down_state_is_the_same() {
        let mut words = cache(&["=a", "b", "", "c", "=d", "e"]);
        words.refresh_in_order(check);
        assert_eq!(words.last_checked, 5, "the blank child is not counted");
        assert_eq!(seen(&words)[3], ("c", Some("=a")));
        // A new word that hands nothing new down: only it is checked.
        words.replace(1..2, [Word("x")]);
        words.refresh_in_order(check);
        assert_eq!(words.last_checked, 1);
        // A new state from child 0: rechecked up to the next `=`, which hands its own on.
        words.replace(0..1, [Word("=z")]);
        words.refresh_in_order(check);
        assert_eq!(
            words.last_checked, 4,
            "=z, x, c and =d; e receives =d as before"
        );
        assert_eq!(seen(&words)[3], ("c", Some("=z")));
        assert_eq!(seen(&words)[5], ("e", Some("=d")));
        // The same as a fresh cache of the same words.
        let mut fresh = cache(&["=z", "x", "", "c", "=d", "e"]);
        fresh.refresh_in_order(check);
        assert_eq!(seen(&words), seen(&fresh));
    }

    #[test]
    fn a_refresh_of_some_children_checks_the_first_without_findings_and_counts_the_rest() {
        let mut words = cache(&["a", "b", "c", "d", "e"]);
        let each = |_: usize, key: &Word, _: Option<&Last>| Arc::new((key.0, None));
        assert_eq!(words.refresh_some(0..5, 2, each), 3);
        assert_eq!(words.last_checked, 2);
        let checked = |words: &PieceCache<Word, Last, Seen>| {
            words
                .children()
                .map(|(_, f)| f.is_some())
                .collect::<Vec<_>>()
        };
        assert_eq!(checked(&words), [true, true, false, false, false]);
        words.replace(0..1, [Word("z")]);
        assert_eq!(
            words.refresh_some(0..5, 2, each),
            2,
            "z first, then c; d and e left"
        );
        assert_eq!(checked(&words), [true, true, true, false, false]);
        assert_eq!(
            words.refresh_some(4..9, usize::MAX, each),
            0,
            "e only; d left"
        );
        assert_eq!(checked(&words), [true, true, true, false, true]);
        assert_eq!(words.refresh_some(0..usize::MAX, usize::MAX, each), 0);
        assert_eq!(
            seen(&words),
            seen(&{
                let mut fresh = cache(&["z", "b", "c", "d", "e"]);
                fresh.refresh_some(0..usize::MAX, usize::MAX, each);
                fresh
            })
        );
    }

    #[test]
    fn settled_states_keep_the_findings_of_children_whose_state_did_not_change() {
        let mut words = cache(&["=a", "b", "=c", "d"]);
        let each = |_: usize, key: &Word, state: Option<&Last>| {
            Arc::new((key.0, state.copied().flatten()))
        };
        let advance = |_: usize, key: &Word, state: &mut Last| {
            check(0, key, state);
        };
        // Without any walk over the state, each child is checked with none.
        words.refresh_some(0..usize::MAX, usize::MAX, each);
        assert_eq!(seen(&words)[1], ("b", None));
        words.forget_states();
        words.settle_states(advance);
        words.refresh_some(0..usize::MAX, usize::MAX, each);
        assert_eq!(words.last_checked, 4);
        assert_eq!(seen(&words)[1], ("b", Some("=a")));
        // Editing `d` leaves every other child's findings; editing `=a` only `b`'s as well.
        words.replace(3..4, [Word("e")]);
        words.settle_states(advance);
        words.refresh_some(0..usize::MAX, usize::MAX, each);
        assert_eq!(words.last_checked, 1);
        words.replace(0..1, [Word("=y")]);
        words.settle_states(advance);
        words.refresh_some(0..usize::MAX, usize::MAX, each);
        assert_eq!(words.last_checked, 3, "=y, and b and =c, which receive it");
        let expected = [
            ("=y", None),
            ("b", Some("=y")),
            ("=c", Some("=y")),
            ("e", Some("=c")),
        ];
        assert_eq!(seen(&words), expected);
        assert_eq!(*words.received(3), Some("=c"));
    }
}
