//! The hand diagram of a deal hover, in every notation, with what the deal makes at double
//! dummy drawn beside it.
//!
//! An editor shows about a dozen lines of a hover before it scrolls (VS Code: 250 pixels), so
//! everything goes into one block of text no taller than that: the board and vulnerability in
//! the top-left corner, the four hands around the compass, and the double-dummy table in the
//! bottom-right corner, where bridge sites put it; only par (or the note that the deal is being
//! solved) comes on a line of its own under the block.

use crate::bridge::{Deal, Hand, Rank, Seat, Suit, Vulnerability};
use crate::double_dummy::tags::write_par_contracts;
use crate::double_dummy::{Par, TrickTable, DECLARERS, DENOMINATIONS};

/// How far North and South stand from the left edge.
const INDENT: usize = 14;

/// Where East stands from the left edge (at least: a longer West line pushes it right).
const EAST_COLUMN: usize = 30;

/// What the hand diagram shows: the same for a PBN game, an RBN record and a LIN board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealDiagram {
    /// The hands (any may be unknown).
    pub deal: Deal,
    /// The board number.
    pub board: Option<String>,
    /// The dealer.
    pub dealer: Option<Seat>,
    /// The vulnerability.
    pub vulnerability: Option<Vulnerability>,
    /// The hands marked hidden.
    pub hidden: Vec<Seat>,
    /// What marks them hidden, for the title (`Hidden tag`, `; in H`).
    pub hidden_source: &'static str,
}

/// What is known of the deal at double dummy when the hover is asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum DoubleDummyPart {
    /// The deal is being solved in the background.
    Pending,
    /// Tricks by declarer and denomination, and par when the vulnerability is known.
    Solved(TrickTable, Option<Par>),
}

/// What the hover says under the diagram while the deal is being solved.
pub(crate) const DOUBLE_DUMMY_PENDING: &str =
    "_Double dummy: solving in the background; hover again in a moment._";

/// The heading of the double-dummy table (its first column holds the declarers).
pub const DOUBLE_DUMMY_HEADING: &str = "DD   NT  ♠  ♥  ♦  ♣";

impl DealDiagram {
    /// The diagram in Markdown, with `double_dummy` drawn beside it when given.
    pub fn markdown(&self, double_dummy: Option<&DoubleDummyPart>) -> String {
        let north = self.hand_block(Seat::North);
        let south = self.hand_block(Seat::South);
        let west = self.hand_block(Seat::West);
        let east = self.hand_block(Seat::East);
        let mut rows: Vec<String> = north.iter().map(|l| indented(INDENT, l)).collect();
        for i in 0..west.len().max(east.len()) {
            let w = west.get(i).map_or("", String::as_str);
            let e = east.get(i).map_or("", String::as_str);
            let pad = EAST_COLUMN.saturating_sub(width(w)).max(2);
            rows.push(format!("{w}{}{e}", " ".repeat(pad)));
        }
        let south_row = rows.len();
        rows.extend(south.iter().map(|l| indented(INDENT, l)));

        let mut title = Vec::new();
        let mut corner = Vec::new();
        if let Some(board) = &self.board {
            let label = format!("Board {board}");
            if width(&label) + 2 <= INDENT {
                corner.push(label);
            } else {
                title.push(format!("**{label}**"));
            }
        }
        if let Some(vulnerability) = self.vulnerability {
            corner.push(format!("Vul {}", vulnerability.pbn()));
        }
        for (row, label) in rows.iter_mut().zip(corner) {
            // North's lines start with INDENT spaces: the label takes their place.
            *row = format!("{label}{}", &row[width(&label).min(row.len())..]);
        }
        if !self.hidden.is_empty() {
            let names: Vec<&str> = self.hidden.iter().map(|s| s.name()).collect();
            title.push(format!(
                "hidden ({}): {}",
                self.hidden_source,
                names.join(", ")
            ));
        }

        if let Some(DoubleDummyPart::Solved(table, par)) = double_dummy {
            {
                let column = rows[south_row..]
                    .iter()
                    .map(|r| width(r) + 3)
                    .max()
                    .unwrap_or(0)
                    .max(EAST_COLUMN);
                for (i, line) in table_lines(table).into_iter().enumerate() {
                    let at = south_row + i;
                    if at == rows.len() {
                        rows.push(String::new());
                    }
                    let pad = column.saturating_sub(width(&rows[at]));
                    rows[at] = format!("{}{}{line}", rows[at], " ".repeat(pad));
                }
                if let Some(par) = par {
                    let par = format!("Par {} ({})", par_score(par), write_par_contracts(par));
                    // Left of the table's last row when it fits there (a paragraph under the
                    // block would take the height of more than a line), else a row of its own.
                    let last = rows.len() - 1;
                    let blank = rows[last].len() - rows[last].trim_start().len();
                    if width(&par) + 2 <= blank {
                        rows[last] = format!("{par}{}", &rows[last][width(&par)..]);
                    } else {
                        rows.push(par);
                    }
                }
            }
        }
        let under =
            matches!(double_dummy, Some(DoubleDummyPart::Pending)).then_some(DOUBLE_DUMMY_PENDING);
        let rows: Vec<&str> = rows.iter().map(|r| r.trim_end()).collect();
        let mut out = String::new();
        if !title.is_empty() {
            out.push_str(&title.join(" · "));
            out.push('\n');
        }
        out.push_str(&format!("```text\n{}\n```", rows.join("\n")));
        if let Some(under) = under {
            out.push('\n');
            out.push_str(under);
        }
        out
    }

    /// The lines of one hand: a heading, then ♠ and ♥, then ♦ and ♣.
    fn hand_block(&self, seat: Seat) -> Vec<String> {
        let mut heading = seat.name().to_string();
        if self.dealer == Some(seat) {
            heading.push_str(" (dealer)");
        }
        if self.vulnerability.is_some_and(|v| v.is_vulnerable(seat)) {
            heading.push_str(" vul");
        }
        match self.deal.hand(seat) {
            Some(hand) => {
                heading.push_str(&format!(" · {} HCP", hand.hcp()));
                if self.hidden.contains(&seat) {
                    heading.push_str(" · hidden");
                }
                let pair =
                    |a: Suit, b: Suit| format!("{}  {}", suit_line(hand, a), suit_line(hand, b));
                vec![
                    heading,
                    pair(Suit::Spades, Suit::Hearts),
                    pair(Suit::Diamonds, Suit::Clubs),
                ]
            }
            None => vec![heading, "(not given)".to_string()],
        }
    }
}

/// The double-dummy table: the heading, then one line per declarer (no trump first).
fn table_lines(table: &TrickTable) -> Vec<String> {
    let mut lines = vec![DOUBLE_DUMMY_HEADING.to_string()];
    for seat in DECLARERS {
        let mut line = format!("{}   ", seat.letter());
        for d in DENOMINATIONS {
            line.push_str(&format!("{:>3}", table.tricks(seat, d)));
        }
        lines.push(line);
    }
    lines
}

/// The width of a line in a monospaced font (suit symbols take one column, as ranks do).
fn width(line: &str) -> usize {
    line.chars().count()
}

fn indented(by: usize, line: &str) -> String {
    format!("{}{line}", " ".repeat(by))
}

fn suit_line(hand: Hand, suit: Suit) -> String {
    let ranks: Vec<&str> = Rank::ALL
        .iter()
        .filter(|&&r| hand.contains(crate::bridge::Card::new(suit, r)))
        .map(|r| r.display())
        .collect();
    let cards = if ranks.is_empty() {
        "—".to_string()
    } else {
        ranks.join(" ")
    };
    format!("{} {cards}", suit.symbol())
}

/// The par score in the words the board preview uses: the side that scores and its points
/// (`NS +800`, `EW +620`, `0` when passed out).
fn par_score(par: &Par) -> String {
    match par.score {
        0 => "0".to_string(),
        n if n > 0 => format!("NS +{n}"),
        n => format!("EW +{}", -n),
    }
}

#[cfg(test)]
mod tests {
    /// The editors' clients wait for a deal's table while its hover carries this note: they
    /// find it by a piece of its text, which must stay in it.
    #[test]
    fn the_clients_find_the_pending_note_by_its_text() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for client in [
            "editors/vscode/src/client-common.ts",
            "editors/playground/src/lsp-editor.ts",
        ] {
            let text = std::fs::read_to_string(root.join(client)).expect("the client's source");
            let marker = text
                .split("const SOLVING = \"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .unwrap_or_else(|| panic!("{client} names no SOLVING text"));
            assert!(
                !marker.is_empty() && super::DOUBLE_DUMMY_PENDING.contains(marker),
                "{client} waits for `{marker}`, which the hover does not say"
            );
        }
    }

    use super::*;

    /// The hover says par in the preview's words: the side that scores, with its points.
    #[test]
    fn par_is_said_as_the_preview_says_it() {
        let par = |score| Par {
            score,
            contracts: Vec::new(),
        };
        assert_eq!(par_score(&par(800)), "NS +800");
        assert_eq!(par_score(&par(-620)), "EW +620");
        assert_eq!(par_score(&par(0)), "0");
    }

    /// A hand written as PBN writes one (`AKQJ.T98.765.432`).
    fn hand(text: &str) -> Hand {
        let mut hand = Hand::default();
        for (suit, ranks) in [b'S', b'H', b'D', b'C'].into_iter().zip(text.split('.')) {
            for rank in ranks.bytes() {
                hand.insert(crate::bridge::Card::from_ascii(suit, rank).expect("a card"));
            }
        }
        hand
    }

    fn diagram() -> DealDiagram {
        // North, East, South, West.
        let hands = [
            "AKQJ.T98.765.432",
            "T98.765.432.AKQJ",
            "765.432.AKQJ.T98",
            "432.AKQJ.T98.765",
        ];
        let deal = Deal {
            hands: hands.map(|h| Some(hand(h))),
        };
        DealDiagram {
            deal,
            board: Some("7".into()),
            dealer: Some(Seat::North),
            vulnerability: Some(Vulnerability::NS),
            hidden: Vec::new(),
            hidden_source: "Hidden tag",
        }
    }

    /// The lines an editor renders: the block's rows and the lines around it.
    fn rendered(markdown: &str) -> Vec<&str> {
        markdown.lines().filter(|l| !l.starts_with("```")).collect()
    }

    #[test]
    fn the_diagram_with_its_table_and_par_fits_twelve_lines() {
        let d = diagram();
        let mut table = TrickTable::default();
        for (seat, denomination, _) in TrickTable::default().cells().collect::<Vec<_>>() {
            let ns = matches!(seat, Seat::North | Seat::South);
            table.set(seat, denomination, if ns { 7 } else { 6 });
        }
        let par = crate::double_dummy::par_for(&table, Vulnerability::NS, Some(Seat::North));
        let solved = d.markdown(Some(&DoubleDummyPart::Solved(table, Some(par))));
        let lines = rendered(&solved);
        assert!(lines.len() <= 12, "{} lines:\n{solved}", lines.len());
        assert!(
            lines[0].starts_with("Board 7       North (dealer) vul · 10 HCP"),
            "{solved}"
        );
        assert!(lines[1].starts_with("Vul NS"), "{solved}");
        // The table starts beside South's heading, one declarer a line, in one column.
        let south = lines.iter().position(|l| l.contains("South vul")).unwrap();
        let at = lines[south]
            .find(DOUBLE_DUMMY_HEADING)
            .expect("the heading beside South");
        let column = width(&lines[south][..at]);
        for (i, seat) in ['N', 'S', 'E', 'W'].into_iter().enumerate() {
            let row = lines[south + 1 + i];
            assert_eq!(row.chars().nth(column), Some(seat), "{solved}");
        }
        assert!(lines.last().unwrap().starts_with("Par "), "{solved}");
        // The diagram alone is the same drawing without the table.
        let plain = d.markdown(None);
        assert!(rendered(&plain).len() <= 9, "{plain}");
        let pending = d.markdown(Some(&DoubleDummyPart::Pending));
        assert!(pending.starts_with(&plain) && pending.ends_with(DOUBLE_DUMMY_PENDING));
    }

    #[test]
    fn a_long_board_number_and_hidden_hands_go_into_a_title() {
        let mut d = diagram();
        d.board = Some("123456789".into());
        d.hidden = vec![Seat::East];
        let text = d.markdown(None);
        assert!(
            text.starts_with("**Board 123456789** · hidden (Hidden tag): East\n"),
            "{text}"
        );
    }
}
