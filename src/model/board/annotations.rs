//! The annotations around a call or card: irregularity marks before it (chapter 3.9), and the
//! suffix, note reference and NAGs after it (chapter 3.8), read with what is out of place among
//! them (G601–G604).

use super::irregularity::Irregularity;
use super::misreading::{AnnotationMisreading, Misreading};
use crate::syntax::pbn::ast::SectionItem;
use crate::syntax::{SyntaxKind, TextRange, TextSize};

/// An irregularity mark with where it stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Mark {
    /// Which irregularity.
    pub kind: Irregularity,
    /// The range of the mark.
    pub range: TextRange,
}

/// A note reference `=k=` after a call or card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NoteRef {
    /// The index as written (saturated at `u32::MAX` when absurdly long).
    pub index: u32,
    /// The range of the whole `=k=`.
    pub range: TextRange,
}

/// A numeric annotation glyph `$n` after a call or card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Nag {
    /// The value as written (saturated at `u32::MAX` when absurdly long).
    pub value: u32,
    /// The range of the `$n`.
    pub range: TextRange,
}

/// A suffix annotation (`!`, `?`, `!!`, `??`, `!?`, `?!`) after a call or card.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Suffix {
    /// The suffix as written.
    pub text: String,
    /// Its range.
    pub range: TextRange,
}

impl Suffix {
    /// The NAG the suffix stands for: 1–6 after a call, 7–12 after a card.
    pub fn nag(&self, on_card: bool) -> Option<u32> {
        crate::model::values::suffix_nag(&self.text, on_card)
    }
}

/// The annotations written after one call or card. When a call or card carries more than one
/// suffix or note reference (G603), the first is kept here.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Annotations {
    /// The suffix, if any.
    pub suffix: Option<Suffix>,
    /// The note reference, if any.
    pub note: Option<NoteRef>,
    /// The NAGs in text order.
    pub nags: Vec<Nag>,
    /// Whether the call or card is alerted (RBN's `*`, LIN's `!`; PBN writes no alert).
    pub alert: bool,
}

impl Annotations {
    /// `range` (the call or card annotated) stretched to the end of its last annotation.
    pub fn extent(&self, range: TextRange) -> TextRange {
        let ends = self.suffix.iter().map(|s| s.range.end());
        let ends = ends.chain(self.note.iter().map(|n| n.range.end()));
        let ends = ends.chain(self.nags.iter().map(|n| n.range.end()));
        TextRange::new(range.start(), ends.fold(range.end(), TextSize::max))
    }

    /// The annotations as another notation's record holds them: the suffix, the alert, the
    /// note reference (a note past 255 is not held) and the NAGs.
    pub fn written(&self) -> crate::model::written::Annotation {
        crate::model::written::Annotation {
            suffix: self.suffix.as_ref().map(|s| s.text.clone()),
            alert: self.alert,
            note: self.note.and_then(|n| u8::try_from(n.index).ok()),
            nags: self.nags.iter().map(|n| n.value).collect(),
            marks: Vec::new(),
        }
    }

    /// The annotations of a call or card of another notation's record, placed at `range` (the
    /// call's or card's own): its suffix and note reference, as a PBN image of it writes them.
    pub fn of_record(
        annotation: &crate::model::written::Annotation,
        range: TextRange,
    ) -> Annotations {
        Annotations {
            suffix: annotation
                .suffix
                .as_ref()
                .filter(|s| !s.is_empty())
                .map(|text| Suffix {
                    text: text.clone(),
                    range,
                }),
            note: annotation.note.map(|index| NoteRef {
                index: u32::from(index),
                range,
            }),
            nags: annotation
                .nags
                .iter()
                .map(|&value| Nag { value, range })
                .collect(),
            alert: annotation.alert,
        }
    }
}

fn saturating_number(digits: &str) -> u32 {
    digits
        .bytes()
        .filter(u8::is_ascii_digit)
        .fold(0u32, |n, d| {
            n.saturating_mul(10).saturating_add(u32::from(d - b'0'))
        })
}

/// Reads the annotations of an item, recording what is out of place among them (G601–G604).
pub(crate) fn read_annotations(
    item: &SectionItem,
    on_card: bool,
    out: &mut Vec<Misreading>,
) -> Annotations {
    if item.annotations.is_empty() {
        return Annotations::default();
    }
    let mut annotations = Annotations::default();
    // The first glyph that judges the item (a suffix, or $1–$12): the standard gives one
    // judgement a call or card, and the reference verifier warns of a second.
    let mut judged: Option<TextRange> = None;
    for token in &item.annotations {
        let range = token.text_range();
        let text = token.text();
        match token.kind() {
            SyntaxKind::SUFFIX => match &annotations.suffix {
                Some(first) => out.push(
                    AnnotationMisreading::SecondSuffix {
                        range,
                        first: first.range,
                        text: text.to_string(),
                        on_card,
                    }
                    .into(),
                ),
                None => {
                    judge(&mut judged, range, text, on_card, out);
                    annotations.suffix = Some(Suffix {
                        text: text.to_string(),
                        range,
                    })
                }
            },
            SyntaxKind::NOTE_REF => {
                let note = NoteRef {
                    index: saturating_number(text),
                    range,
                };
                match annotations.note {
                    Some(first) => out.push(
                        AnnotationMisreading::SecondNoteRef {
                            range,
                            first: first.range,
                            text: text.to_string(),
                            on_card,
                        }
                        .into(),
                    ),
                    None => annotations.note = Some(note),
                }
            }
            SyntaxKind::NAG => {
                let value = saturating_number(text);
                read_nag(
                    Nag { value, range },
                    text,
                    on_card,
                    &mut judged,
                    &mut annotations,
                    out,
                );
            }
            _ => {}
        }
    }
    annotations
}

/// Which item a NAG belongs on, when only one kind may carry it: `Some(true)` a card,
/// `Some(false)` a call, and whether the standard says so (else only the reference verifier).
fn nag_belongs_on(value: u32) -> Option<(bool, bool)> {
    match value {
        1..=6 | 13 => Some((false, true)),
        7..=12 | 14 => Some((true, true)),
        20..=93 => Some((false, false)),
        200..=238 => Some((true, false)),
        _ => None,
    }
}

/// Reads one NAG of an item, recording what is out of place about it.
fn read_nag(
    nag: Nag,
    text: &str,
    on_card: bool,
    judged: &mut Option<TextRange>,
    annotations: &mut Annotations,
    out: &mut Vec<Misreading>,
) {
    let (value, range) = (nag.value, nag.range);
    let mut misplaced = false;
    if value > 255 {
        out.push(
            AnnotationMisreading::NagOutOfRange {
                range,
                text: text.to_string(),
            }
            .into(),
        );
    } else if let Some((for_cards, standard)) =
        nag_belongs_on(value).filter(|(for_cards, _)| *for_cards != on_card)
    {
        debug_assert_ne!(for_cards, on_card);
        misplaced = true;
        out.push(
            AnnotationMisreading::NagOfOtherKind {
                range,
                text: text.to_string(),
                on_card,
                standard,
            }
            .into(),
        );
    }
    if let Some(first) = annotations.nags.iter().find(|n| n.value == value) {
        out.push(
            AnnotationMisreading::NagTwice {
                range,
                first: first.range,
                text: text.to_string(),
                on_card,
            }
            .into(),
        );
    } else if (1..=12).contains(&value) && !misplaced {
        judge(judged, range, text, on_card, out);
    }
    annotations.nags.push(nag);
}

/// Takes the glyph `text` at `range` as a judgement of its item: the first is kept in
/// `judged`, a later one recorded as a second judgement.
fn judge(
    judged: &mut Option<TextRange>,
    range: TextRange,
    text: &str,
    on_card: bool,
    out: &mut Vec<Misreading>,
) {
    if let Some(first) = *judged {
        out.push(
            AnnotationMisreading::SecondJudgement {
                range,
                first,
                text: text.to_string(),
                on_card,
            }
            .into(),
        );
    }
    judged.get_or_insert(range);
}

/// Reads the irregularity marks in front of an item.
pub(crate) fn read_marks(item: &SectionItem) -> Vec<Mark> {
    item.marks
        .iter()
        .filter_map(|t| {
            Irregularity::parse(t.text()).map(|kind| Mark {
                kind,
                range: t.text_range(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_map_to_nags() {
        let suffix = |t: &str| Suffix {
            text: t.to_string(),
            range: TextRange::default(),
        };
        assert_eq!(suffix("!!").nag(false), Some(3));
        assert_eq!(suffix("?!").nag(true), Some(12));
        assert_eq!(suffix("x").nag(true), None);
        assert_eq!(saturating_number("=12="), 12);
        assert_eq!(saturating_number("$99999999999999"), u32::MAX);
    }
}
