//! Reading BBO handviewer addresses pasted into a LIN file: each stands for one board, given
//! either as LIN (`…/handviewer.html?lin=qx|o1|md|…`, usually percent-encoded) or as fields
//! (`n=SKHAKJ82DAQ96CK52&s=…&d=n&v=b&b=7&a=1SP4SPPP&p=HAH2…&nn=Name…`). Both are turned into the
//! LIN text they stand for, which is then read like any other board. (The address is written by
//! `convert::handviewer`.)

use crate::bridge::Seat;

/// The LIN text a handviewer address stands for, or why it cannot be read.
pub(crate) fn handviewer_lin(url: &str) -> Result<String, String> {
    let Some((_, query)) = url.split_once('?') else {
        return Err("it has no `?…` part with the board".to_string());
    };
    // A `#` ends the query.
    let query = query.split('#').next().unwrap_or("");
    let mut fields: Vec<(String, String)> = Vec::new();
    for part in query.split(['&', ';']).filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        fields.push((
            percent_decode(key).to_ascii_lowercase(),
            percent_decode(value),
        ));
    }
    let field = |name: &str| {
        fields
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let lin = match field("lin") {
        Some(lin) => lin.to_string(),
        None => lin_of_fields(&field)?,
    };
    // An address inside the address would be read as a board of its own, and so on for ever.
    let lower = lin.to_ascii_lowercase();
    if lower.contains("http://") || lower.contains("https://") {
        return Err("its LIN holds another web address".to_string());
    }
    Ok(lin)
}

/// The LIN of the field form (`n=`, `e=`, `s=`, `w=`, `d=`, `v=`, `b=`, `a=`, `p=`, names).
fn lin_of_fields<'a>(field: &dyn Fn(&str) -> Option<&'a str>) -> Result<String, String> {
    // `md` lists the hands from South, then West, North and East.
    let order = [Seat::South, Seat::West, Seat::North, Seat::East];
    let hand = |seat: Seat| field(&seat.letter().to_ascii_lowercase().to_string());
    if order.iter().all(|&seat| hand(seat).is_none()) {
        return Err("it gives no hand (`lin=`, or `n=`, `e=`, `s=`, `w=`)".to_string());
    }
    let board = field("b").map(str::trim).filter(|b| !b.is_empty());
    let dealer = match field("d").map(|d| d.trim().to_ascii_lowercase()) {
        Some(d) => match d.as_str() {
            "s" => Seat::South,
            "w" => Seat::West,
            "n" => Seat::North,
            "e" => Seat::East,
            _ => return Err(format!("`d={d}` is no dealer: `n`, `e`, `s` or `w`")),
        },
        // Without a dealer, the one the board number gives (North on board 1), else North.
        None => board
            .and_then(|b| b.parse::<usize>().ok())
            .filter(|&n| n > 0)
            .map_or(Seat::North, |n| Seat::North.offset((n - 1) % 4)),
    };
    let dealer_digit = match dealer {
        Seat::South => '1',
        Seat::West => '2',
        Seat::North => '3',
        Seat::East => '4',
    };
    let mut lin = String::new();
    if let Some(board) = board {
        lin.push_str(&format!("ah|Board {board}|"));
    }
    let names: Vec<&str> = order
        .iter()
        .map(|seat| {
            let key = format!("{}n", seat.letter().to_ascii_lowercase());
            field(&key).unwrap_or("")
        })
        .collect();
    if names.iter().any(|n| !n.is_empty()) {
        lin.push_str(&format!("pn|{}|", names.join(",")));
    }
    let hands: Vec<String> = order
        .iter()
        .map(|&seat| hand(seat).unwrap_or("").trim().to_ascii_uppercase())
        .collect();
    lin.push_str(&format!("md|{dealer_digit}{}|", hands.join(",")));
    if let Some(v) = field("v") {
        lin.push_str(&format!("sv|{}|", v.trim().to_ascii_lowercase()));
    }
    for call in split_calls(field("a").unwrap_or("")) {
        lin.push_str(&format!("mb|{call}|"));
    }
    for card in split_cards(field("p").unwrap_or("")) {
        lin.push_str(&format!("pc|{card}|"));
    }
    Ok(lin)
}

/// The calls of an `a=` run (`1SP4SPPP`, `pp1n`): `p`, `d`, `r` and bids, in LIN's spelling;
/// anything else is kept as a call of its own, which the checks then report.
fn split_calls(run: &str) -> Vec<String> {
    let chars: Vec<char> = run.chars().filter(|c| !c.is_whitespace()).collect();
    let mut calls: Vec<String> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i].to_ascii_lowercase();
        let call = match c {
            'p' | 'd' | 'r' => c.to_string(),
            'x' => "d".to_string(),
            '1'..='7' => {
                let strain = chars.get(i + 1).map(char::to_ascii_lowercase);
                match strain {
                    Some(s @ ('c' | 'd' | 'h' | 's' | 'n')) => {
                        i += 1;
                        // `1NT` as well as `1N`.
                        if s == 'n'
                            && chars
                                .get(i + 1)
                                .is_some_and(|t| t.eq_ignore_ascii_case(&'t'))
                        {
                            i += 1;
                        }
                        format!("{c}{s}")
                    }
                    _ => c.to_string(),
                }
            }
            // An alert mark belongs to the call before it.
            '!' => {
                if let Some(last) = calls.last_mut() {
                    last.push('!');
                }
                i += 1;
                continue;
            }
            other => other.to_string(),
        };
        calls.push(call);
        i += 1;
    }
    calls
}

/// The cards of a `p=` run (`CACTC5C2`, `s10`): a suit letter and a rank each.
fn split_cards(run: &str) -> Vec<String> {
    let chars: Vec<char> = run.chars().filter(|c| !c.is_whitespace()).collect();
    let mut cards = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut card: String = chars[i].to_string();
        if let Some(&rank) = chars.get(i + 1) {
            card.push(rank);
            i += 1;
            if rank == '1' && chars.get(i + 1) == Some(&'0') {
                card.push('0');
                i += 1;
            }
        }
        cards.push(card.to_ascii_uppercase());
        i += 1;
    }
    cards
}

/// Decodes `%XX` escapes and `+` (a space in a query); invalid escapes are kept as written, and
/// bytes that are no UTF-8 are read as Latin-1.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(byte) => {
                        out.push(byte);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    match String::from_utf8(out) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lin_form_is_decoded() {
        let url = "https://www.bridgebase.com/tools/handviewer.html?lin=qx%7Co1%7Cmd%7C3SAK%2C%2C%2C%7Cmb%7C1c%7C";
        assert_eq!(handviewer_lin(url).unwrap(), "qx|o1|md|3SAK,,,|mb|1c|");
        // Pasted without encoding, as browsers often show it.
        let raw = "http://www.bridgebase.com/tools/handviewer.html?lin=pn|A+B,C,D,E|md|1S2,,,|";
        assert_eq!(handviewer_lin(raw).unwrap(), "pn|A B,C,D,E|md|1S2,,,|");
    }

    #[test]
    fn the_field_form_becomes_the_same_board_in_lin() {
        let url = "https://www.bridgebase.com/tools/handviewer.html?n=SAKQHT98&s=s2h2&d=e&v=b&b=7&sn=Ann%20Lee&a=1NTP3NPPP&p=HAH2C10";
        assert_eq!(
            handviewer_lin(url).unwrap(),
            "ah|Board 7|pn|Ann Lee,,,|md|4S2H2,,SAKQHT98,|sv|b|mb|1n|mb|p|mb|3n|mb|p|mb|p|mb|p|pc|HA|pc|H2|pc|C10|"
        );
        // No dealer: the one of the board number (board 2: East).
        let url = "https://x/handviewer.html?w=SA&b=2";
        assert_eq!(handviewer_lin(url).unwrap(), "ah|Board 2|md|4,SA,,|");
    }

    #[test]
    fn what_cannot_be_read_says_why() {
        for (url, why) in [
            ("https://www.bridgebase.com/", "no `?"),
            ("https://x/handviewer.html?d=n", "no hand"),
            ("https://x/handviewer.html?n=SA&d=q", "no dealer"),
            (
                "https://x/h.html?lin=md%7C3https://y%7C",
                "another web address",
            ),
        ] {
            let error = handviewer_lin(url).unwrap_err();
            assert!(error.contains(why), "{url}: {error}");
        }
    }

    #[test]
    fn escapes_that_are_not_escapes_are_kept() {
        assert_eq!(percent_decode("50%+off%zz%4"), "50% off%zz%4");
        assert_eq!(percent_decode("caf%E9"), "café");
        assert_eq!(percent_decode("caf%C3%A9"), "café");
    }
}
