//! The dealing machines' files (DUP, BRI, DGE, DLM): every sample of the corpus read and written
//! again byte for byte, PBN written as each sample was, each sample read as its PBN's deals, the
//! spec's suggested cases, random deals through every format, and broken files read without a
//! panic.

mod common;

use std::path::{Path, PathBuf};

use kibitzer::analysis::CheckOptions;
use kibitzer::model::board::BoardModel;
use kibitzer::model::dealing::{bytes_of, DealingFormat};
use kibitzer::Notation;

const FORMATS: [Notation; 4] = [Notation::Dup, Notation::Bri, Notation::Dge, Notation::Dlm];

/// A file's bytes as the notation seam takes them: a character a byte for the binary formats.
fn text_of(notation: Notation, bytes: &[u8]) -> String {
    if notation.is_binary() {
        bytes.iter().map(|&b| char::from(b)).collect()
    } else {
        kibitzer::text::decode(bytes).expect("a text").text
    }
}

/// The samples of the corpus's dealing folder with their notation.
fn samples() -> Vec<(PathBuf, Notation)> {
    let mut found: Vec<(PathBuf, Notation)> = FORMATS
        .iter()
        .flat_map(|&n| {
            common::corpus_files("dealing", n.extension())
                .into_iter()
                .map(move |p| (p, n))
        })
        .collect();
    found.sort_by(|a, b| a.0.cmp(&b.0));
    found
}

/// What a board says that the formats hold: its number, dealer, vulnerability and deal.
fn dealt(boards: &[BoardModel]) -> Vec<String> {
    boards
        .iter()
        .map(|b| {
            format!(
                "{:?} {:?} {:?} {:?}",
                b.fact("Board"),
                b.dealer(),
                b.vulnerability(),
                b.whole_deal()
            )
        })
        .collect()
}

/// The PBN file written beside a sample from the same deals.
fn pbn_beside(path: &Path) -> Option<String> {
    let pbn = path.with_extension("pbn");
    let bytes = std::fs::read(pbn).ok()?;
    Some(kibitzer::text::decode(&bytes).expect("a text").text)
}

#[test]
fn every_sample_reads_clean_and_is_written_again_byte_for_byte() {
    let samples = samples();
    assert!(samples.len() >= 9, "{samples:?}");
    for (path, notation) in &samples {
        let bytes = std::fs::read(path).expect("a sample");
        // The content says the same as the name.
        assert_eq!(
            Notation::of_content(path, &bytes),
            *notation,
            "{}",
            path.display()
        );
        let text = text_of(*notation, &bytes);
        let report = notation.check(&text, &CheckOptions::default());
        assert!(
            report.diagnostics.is_empty(),
            "{}: {:?}",
            path.display(),
            report.diagnostics
        );
        let converted = notation.convert(&text, *notation);
        let mut written = bytes_of(&converted.text);
        if *notation == Notation::Dlm && !bytes.contains(&b'\r') {
            // DLM is written with CRLF, as Windows reads it; this sample has LF, which
            // `convert --eol lf` asks for.
            let lf = kibitzer::format::FormatOptions {
                eol: kibitzer::format::Eol::Lf,
                ..kibitzer::format::FormatOptions::default()
            };
            written = bytes_of(&notation.format(&converted.text, &lf));
        }
        assert!(
            written == bytes,
            "{} is not written again as it was",
            path.display()
        );
        assert_eq!(converted.lost, 0, "{:?}", converted.losses);
        // The command line writes the same bytes, atomically, to a file.
        let out = common::scratch("round-trip").join(format!("out.{}", notation.extension()));
        let eol = if bytes.contains(&b'\r') { "keep" } else { "lf" };
        let run = common::kibitzer(&[
            "convert",
            "--to",
            notation.extension(),
            "--eol",
            eol,
            path.to_str().expect("a path"),
            "-o",
            out.to_str().expect("a path"),
        ]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        assert!(
            std::fs::read(&out).expect("written") == bytes,
            "{}",
            path.display()
        );
    }
}

#[test]
fn pbn_is_written_as_each_sample_was_and_each_sample_reads_as_its_pbn() {
    let mut compared = 0;
    for (path, notation) in samples() {
        let Some(pbn) = pbn_beside(&path) else {
            continue;
        };
        let bytes = std::fs::read(&path).expect("a sample");
        // Each format read: the deals, numbers, dealers and vulnerabilities of the PBN.
        let from_sample = notation.read_boards(&text_of(notation, &bytes));
        let from_pbn = Notation::Pbn.read_boards(&pbn);
        assert_eq!(dealt(&from_sample), dealt(&from_pbn), "{}", path.display());
        // PBN written in the format: the sample, but for the DLM's line ends and, when the PBN
        // does not name its generator, the headline.
        let written = bytes_of(&Notation::Pbn.convert(&pbn, notation).text);
        if notation == Notation::Dlm {
            let lines = |b: &[u8]| -> Vec<String> {
                String::from_utf8_lossy(b)
                    .lines()
                    .map(str::to_string)
                    .filter(|l| !l.starts_with("Headline="))
                    .collect()
            };
            assert_eq!(lines(&written), lines(&bytes), "{}", path.display());
            let generator = from_pbn.iter().find_map(|b| b.fact("Generator"));
            if let Some(generator) = generator {
                let headline = format!("Headline=Generated by {generator}");
                assert!(String::from_utf8_lossy(&written).contains(&headline));
            }
        } else {
            assert!(
                written == bytes,
                "PBN to {}: not the sample",
                path.display()
            );
        }
        compared += 1;
    }
    assert!(compared >= 8, "{compared} samples with a PBN beside them");
}

/// The codes `text`, read in `notation`, is found to have.
fn codes(notation: Notation, text: &str) -> Vec<String> {
    notation
        .check(text, &CheckOptions::default())
        .diagnostics
        .iter()
        .map(|d| d.code.to_string())
        .collect()
}

/// A BRI record of `digits` (78 of them) with its padding.
fn bri(digits: &str) -> String {
    format!("{digits}{}{}", " ".repeat(32), "\0".repeat(18))
}

const DECK_DIGITS: &str =
    "010203040506070809101112131415161718192021222324252627282930313233343536373839";

/// A DLM file of boards `from` to `to` whose lines are `boards` (NN, value), with `checksum`.
fn dlm(from: u32, to: u32, checksum: &str, boards: &[(u32, &str)]) -> String {
    let mut text = format!(
        "[DOCUMENT]\r\nHeadline=\r\nStatus=Show\r\nDuplicates=1\r\nFrom board={from}\r\nTo board={to}\r\nChecksum={checksum}\r\n"
    );
    for (number, value) in boards {
        text.push_str(&format!("Board {number:02}={value}\r\n"));
    }
    text
}

#[test]
fn the_specs_suggested_cases() {
    // A repeated and an out-of-range BRI number.
    let repeated = bri(&DECK_DIGITS.replacen("02", "01", 1));
    assert_eq!(codes(Notation::Bri, &repeated), ["M102"]);
    let out_of_range = bri(&DECK_DIGITS.replacen("39", "53", 1));
    assert_eq!(codes(Notation::Bri, &out_of_range), ["M101"]);
    assert!(codes(Notation::Bri, &bri(DECK_DIGITS)).is_empty());
    // A DGE rank before the first marker.
    let mut dge: Vec<u8> = b"A".to_vec();
    dge.extend(std::iter::repeat_n(0u8, 127));
    assert!(codes(Notation::Dge, &text_of(Notation::Dge, &dge)).contains(&"M101".to_string()));
    // The forum's board line, right, then a letter out of range, a seat of 14 and a wrong
    // checksum (its message gives the right one; the fix writes it).
    let right = "jlifaelnecgmoldfjmcflinlap023";
    assert!(codes(Notation::Dlm, &dlm(1, 1, "0", &[(1, right)])).is_empty());
    let letter = "zlifaelnecgmoldfjmcflinlap023";
    assert!(codes(Notation::Dlm, &dlm(1, 1, "0", &[(1, letter)])).contains(&"M101".to_string()));
    let fourteen = "alifaelnecgmoldfjmcflinlap023";
    let found = codes(Notation::Dlm, &dlm(1, 1, "0", &[(1, fourteen)]));
    assert!(found.contains(&"M103".to_string()), "{found:?}");
    let wrong = "jlifaelnecgmoldfjmcflinlap024";
    let report = Notation::Dlm.check(&dlm(1, 1, "0", &[(1, wrong)]), &CheckOptions::default());
    let m104 = &report.diagnostics[0];
    assert_eq!(m104.code.to_string(), "M104");
    assert!(m104.message.contains("give 023"), "{}", m104.message);
    assert_eq!(m104.fixes[0].edits[0].new_text, "023");
    // A header checksum that does not match is a warning, and the boards are read all the same.
    let report = Notation::Dlm.check(&dlm(1, 1, "7", &[(1, right)]), &CheckOptions::default());
    assert_eq!(report.diagnostics.len(), 1);
    assert_eq!(report.diagnostics[0].code.to_string(), "M105");
    assert_eq!(
        report.diagnostics[0].severity,
        kibitzer::diagnostic::Severity::Warning
    );
    assert_eq!(
        Notation::Dlm
            .read_boards(&dlm(1, 1, "7", &[(1, right)]))
            .len(),
        1
    );
    // `[DOCUMENT]`, `Checksum=025`, CRLF and LF are all read.
    let padded = dlm(1, 24, "025", &[]);
    let found = codes(Notation::Dlm, &padded);
    assert!(!found.contains(&"M105".to_string()), "{found:?}");
    let lf = dlm(1, 1, "0", &[(1, right)]).replace("\r\n", "\n");
    assert!(codes(Notation::Dlm, &lf).is_empty());
    // A board of the set with no line.
    assert_eq!(
        codes(Notation::Dlm, &dlm(1, 2, "3", &[(1, right)])),
        ["M107"]
    );
}

/// The codes of a file's frame: the DLM header (M106), the DUP trailer (M108) and copies
/// (M109), padding (M110) and a cut last record (M111).
#[test]
fn the_frames_codes_each_have_a_case() {
    let right = "jlifaelnecgmoldfjmcflinlap023";
    // A DLM with no `[Document]` section, and one whose boards run past 99.
    let headless = dlm(1, 1, "0", &[(1, right)]).replacen("[DOCUMENT]\r\n", "", 1);
    assert!(codes(Notation::Dlm, &headless).contains(&"M106".to_string()));
    let past = dlm(98, 120, "0", &[(1, right)]);
    assert!(codes(Notation::Dlm, &past).contains(&"M106".to_string()));
    // A DUP whose trailer is no trailer, and one whose DGE copy is another deal.
    let boards: Vec<BoardModel> = (1..=2).map(|n| random_board(n, n as u64 * 31)).collect();
    let dup = bytes_of(&Notation::Dup.write_boards(&boards).0);
    assert!(codes(Notation::Dup, &text_of(Notation::Dup, &dup)).is_empty());
    let mut trailer = dup.clone();
    trailer[146..156].copy_from_slice(b"??????????");
    let found = codes(Notation::Dup, &text_of(Notation::Dup, &trailer));
    assert_eq!(found, ["M108"], "{found:?}");
    let mut copies = dup.clone();
    // The first rank of North's spades and of East's, in the DGE part, traded.
    let (north, east) = (78 + 1, 78 + 17 + 1);
    assert!(copies[north].is_ascii_alphanumeric() && copies[east].is_ascii_alphanumeric());
    copies.swap(north, east);
    let found = codes(Notation::Dup, &text_of(Notation::Dup, &copies));
    assert!(found.contains(&"M109".to_string()), "{found:?}");
    // BRI padding that is not spaces and NULs: an info.
    let padded = format!("{DECK_DIGITS}{}{}", "x".repeat(32), "\0".repeat(18));
    let report = Notation::Bri.check(&padded, &CheckOptions::default());
    assert_eq!(report.diagnostics[0].code.to_string(), "M110");
    assert_eq!(
        report.diagnostics[0].severity,
        kibitzer::diagnostic::Severity::Info
    );
    // A second record cut after its deal: read, and said.
    let cut = format!("{}{DECK_DIGITS}", bri(DECK_DIGITS));
    let found = codes(Notation::Bri, &cut);
    assert!(found.contains(&"M111".to_string()), "{found:?}");
    assert_eq!(Notation::Bri.read_boards(&cut).len(), 2);
}

#[test]
fn a_32_board_dup_and_a_39_board_bri_of_4992_bytes_are_told_apart() {
    let boards: Vec<BoardModel> = (1..=39).map(|n| random_board(n, n as u64 * 7919)).collect();
    let (dup, _) = Notation::Dup.write_boards(&boards[..32]);
    let (bri, _) = Notation::Bri.write_boards(&boards);
    let (dup, bri) = (bytes_of(&dup), bytes_of(&bri));
    assert_eq!((dup.len(), bri.len()), (4992, 4992));
    assert_eq!(DealingFormat::sniff(&dup), Some(DealingFormat::Dup));
    assert_eq!(DealingFormat::sniff(&bri), Some(DealingFormat::Bri));
    // Named for the other, each is still read as what it is.
    assert_eq!(
        Notation::of_content(Path::new("x.bri"), &dup),
        Notation::Dup
    );
    assert_eq!(
        Notation::of_content(Path::new("x.dup"), &bri),
        Notation::Bri
    );
}

/// A board `number` with a random deal (from `seed`).
fn random_board(number: u32, seed: u64) -> BoardModel {
    Notation::Pbn
        .read_boards(&random_game(number, seed))
        .remove(0)
}

/// A PBN game of board `number`, with a random deal (from `seed`).
fn random_game(number: u32, mut seed: u64) -> String {
    let mut cards: Vec<usize> = (0..52).collect();
    for i in (1..52).rev() {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        cards.swap(i, (seed % (i as u64 + 1)) as usize);
    }
    let mut hands = vec![Vec::new(); 4];
    for (i, card) in cards.into_iter().enumerate() {
        hands[i / 13].push(card);
    }
    let hand = |cards: &[usize]| -> String {
        let mut suits = vec![String::new(); 4];
        let mut sorted = cards.to_vec();
        sorted.sort_unstable();
        for card in sorted {
            suits[card / 13].push("AKQJT98765432".as_bytes()[card % 13] as char);
        }
        suits.join(".")
    };
    let deal: Vec<String> = hands.iter().map(|h| hand(h)).collect();
    format!(
        "[Board \"{number}\"]\n[Dealer \"{}\"]\n[Vulnerable \"{}\"]\n[Deal \"N:{}\"]\n",
        kibitzer::bridge::board_dealer(number).letter(),
        kibitzer::bridge::board_vulnerability(number).pbn(),
        deal.join(" ")
    )
}

#[test]
fn random_deals_go_through_every_format_unchanged() {
    let boards: Vec<BoardModel> = (1..=99)
        .map(|n| random_board(n, 0x9E37 + n as u64))
        .collect();
    for notation in FORMATS {
        let (text, dropped) = notation.write_boards(&boards);
        assert!(dropped.is_empty(), "{notation:?}: {dropped:?}");
        assert!(codes(notation, &text).is_empty(), "{notation:?}");
        let back = notation.read_boards(&text);
        assert_eq!(dealt(&back), dealt(&boards), "{notation:?}");
        // Written again from what was read: the same bytes.
        assert_eq!(notation.write_boards(&back).0, text, "{notation:?}");
    }
}

#[test]
fn what_the_formats_cannot_hold_is_said() {
    let text = format!(
        "{}[North \"Ann\"]\n\n{}",
        random_game(5, 11),
        random_game(120, 13)
    );
    let boards = Notation::Pbn.read_boards(&text);
    for notation in FORMATS {
        let (_, dropped) = notation.write_boards(&boards);
        assert!(
            dropped.iter().any(|d| d.contains("North")),
            "{notation:?}: {dropped:?}"
        );
        let numbered = matches!(notation, Notation::Dup | Notation::Dlm);
        assert_eq!(
            dropped
                .iter()
                .any(|d| d.contains("board 120") && d.contains("1 to 99")),
            numbered,
            "{notation:?}: {dropped:?}"
        );
        // A set that does not start at board 1: BRI and DGE say where the machine must start.
        if !numbered {
            assert!(
                dropped.iter().any(|d| d.contains("(here 5)")),
                "{dropped:?}"
            );
        }
    }
    // Two sessions of boards 1 to 60 in one file: numbered on from 1, and cut at 99 where the
    // numbers would run past what DUP and DLM hold (the trailer's count stays two digits).
    let sessions: String = (1..=60)
        .chain(1..=60)
        .map(|n| random_game(n, u64::from(n) * 31 + 7) + "\n")
        .collect();
    let boards = Notation::Pbn.read_boards(&sessions);
    for notation in [Notation::Dup, Notation::Dlm] {
        let (text, dropped) = notation.write_boards(&boards);
        assert!(codes(notation, &text).is_empty(), "{notation:?}");
        assert_eq!(notation.read_boards(&text).len(), 99, "{notation:?}");
        assert!(
            dropped
                .iter()
                .any(|d| d.starts_with("21 boards numbered on past 99")),
            "{dropped:?}"
        );
    }
    // A DUP set from board 5 writes the vendor's trailer: first and last board.
    let (dup, _) = Notation::Dup.write_boards(&[random_board(5, 1), random_board(6, 2)]);
    assert_eq!(&bytes_of(&dup)[146..156], b"YN5  0 6  ");
    let back = Notation::Dup.read_boards(&dup);
    assert_eq!(back[1].fact("Board"), Some("6"));
}

#[test]
fn broken_files_are_read_without_a_panic_and_found_wrong() {
    let boards: Vec<BoardModel> = (1..=16).map(|n| random_board(n, 77 + n as u64)).collect();
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut flagged = 0;
    for notation in FORMATS {
        let (text, _) = notation.write_boards(&boards);
        let bytes = bytes_of(&text);
        for _ in 0..400 {
            let mut broken = bytes.clone();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let at = (seed % broken.len() as u64) as usize;
            match seed % 3 {
                0 => broken[at] = (seed >> 8) as u8,
                1 => broken.truncate(at),
                _ => {
                    broken.remove(at);
                }
            }
            let text = text_of(Notation::Bri, &broken);
            let report = notation.check(&text, &CheckOptions::default());
            let _ = notation.read_boards(&text);
            let _ = notation.dump(&text);
            flagged += usize::from(!report.diagnostics.is_empty());
            for d in &report.diagnostics {
                assert!(usize::from(d.range.end()) <= text.len(), "{d:?}");
            }
        }
    }
    // Most single changes break a deal, a checksum or a record's length.
    assert!(flagged > 1000, "{flagged} of 1600 found wrong");
}
