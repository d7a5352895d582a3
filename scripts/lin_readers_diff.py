#!/usr/bin/env python3
"""Compares Kibitzer's reading of LIN files with two readers users already run: endplay and
bridgebots (both on PyPI).

usage: lin_readers_diff.py KIBITZER_JSONL FILE...

KIBITZER_JSONL holds, a line a file, what `cargo run --example lin_boards -- FILE...` prints.
For every file the script asks each reader for its boards and compares, board by board, the
count of boards, the deal, the dealer, the vulnerability, the calls and the cards. A difference
is either one of the reasons in KNOWN (each written in docs/lin.md, with whose bug it is) or
printed as unexplained; any unexplained difference makes the exit status 1. The figures are
printed at the end.
"""

import json
import re
import sys
from collections import Counter
from pathlib import Path

SEATS = "NESW"
SUITS = "SHDC"


def endplay_boards(path):
    """The boards endplay reads, in Kibitzer's terms, or the error it raised."""
    from endplay.parsers import lin

    with open(path, encoding="utf-8", errors="replace") as f:
        boards = lin.load(f)
    out = []
    for b in boards:
        deal = {}
        for seat in SEATS:
            hand = b.deal[seat_index(seat, "endplay")]
            cards = "".join(
                f"{suit}{rank}"
                for suit, holding in zip(SUITS, str(hand).split("."))
                for rank in holding
            )
            if cards:
                deal[seat] = cards
        calls = [endplay_call(c) for c in b.auction]
        cards = [endplay_card(c) for c in b.play]
        out.append(
            {
                "deal": deal,
                "dealer": str(b.dealer.abbr) if b.dealer is not None else None,
                "vul": endplay_vul(b.vul),
                "calls": calls,
                "cards": cards,
            }
        )
    return out


def seat_index(seat, _reader):
    from endplay.types import Player

    return Player.find(seat)


DENOMS = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "nt": "N"}


def endplay_call(bid):
    from endplay.types import ContractBid, Penalty

    if isinstance(bid, ContractBid):
        return f"{bid.level}{DENOMS[bid.denom.name]}"
    return {Penalty.passed: "P", Penalty.doubled: "X", Penalty.redoubled: "XX"}[bid.penalty]


def endplay_card(card):
    return f"{DENOMS[card.suit.name]}{card.rank.abbr}"


def endplay_vul(vul):
    if vul is None:
        return None
    return {"none": "None", "ns": "NS", "ew": "EW", "both": "All"}[vul.name]


def bridgebots_boards(path):
    """The boards bridgebots reads (one a board record, in file order as far as it keeps it)."""
    from bridgebots import lin as bl
    from bridgebots.deal_enums import Direction

    text = Path(path).read_text(encoding="utf-8", errors="replace")
    multi = "qx|" in text
    records = bl.parse_multi_lin(Path(path)) if multi else bl.parse_single_lin(Path(path))
    out = []
    for record in records:
        deal = record.deal
        hands = {}
        for seat, direction in zip(SEATS, [Direction.NORTH, Direction.EAST, Direction.SOUTH, Direction.WEST]):
            hand = deal.hands.get(direction)
            if hand is None:
                continue
            cards = "".join(
                f"{suit}{rank}"
                for suit in SUITS
                for rank in ranks_of(hand, suit)
            )
            if cards:
                hands[seat] = cards
        vul = {
            (False, False): "None",
            (True, False): "NS",
            (False, True): "EW",
            (True, True): "All",
        }[(deal.ns_vulnerable, deal.ew_vulnerable)]
        for board in record.board_records:
            out.append(
                {
                    "deal": hands,
                    "dealer": deal.dealer.name[0],
                    "vul": vul,
                    "calls": [bridgebots_call(c) for c in board.bidding_record],
                    "cards": [str(c) for c in board.play_record],
                }
            )
    return out


RANKS = "AKQJT98765432"


def ranks_of(hand, suit_letter):
    cards = [str(c) for c in hand.cards if str(c)[0] == suit_letter]
    return "".join(sorted((c[1] for c in cards), key=RANKS.index))


def bridgebots_call(call):
    call = call.upper()
    if call in ("PASS", "P"):
        return "P"
    if call in ("X", "D", "DBL"):
        return "X"
    if call in ("XX", "R", "RDBL"):
        return "XX"
    return call[:2].replace("NT", "N")


def fails_reason(reader, error, text):
    """Why a reader fails on a whole file, when it is a known bug of the reader's, or None."""
    message = str(error)
    if dotted_hands(text):
        return "hands written with dots (PBN's spelling, not LIN's): no reader takes them, and Kibitzer reports each (L703)"
    if text.lstrip().lower().startswith("<lin>"):
        return "a LIN wrapped in `<lin>` tags (a web page's teaching movie): it takes the tag for part of a pair"
    if reader == "bridgebots" and "auctions must have 4+ bids" in message:
        return "a board with fewer than four calls (it requires four: 'auctions must have 4+ bids')"
    if reader == "bridgebots" and "Missing play record" in message:
        return "a board with an auction and no card played (it wants a play)"
    if reader == "endplay" and isinstance(error, ValueError) and "unpack" in message:
        return "a `pn` of eight names (a vugraph file's players): endplay takes four"
    if reader == "endplay" and isinstance(error, AttributeError) and "suit" in message:
        return "a trick left unfinished (a claim): endplay's trick winner reads the missing card"
    if reader == "endplay" and "vulnerability '0'" in message:
        return "`sv|0|`, BBO's none as PbnToLin and bridge-wrangler write it: endplay takes only o, n, e, b"
    if reader == "bridgebots" and "Not enough cards played" in message:
        return "a play cut short with no claim (it wants all 52 cards or a claim)"
    if reader == "bridgebots" and "Invalid dealer, vulnerability, or holding" in message:
        return "a file of a vugraph header and no deal (it reads the header as a board)"
    if reader == "bridgebots" and isinstance(error, IndexError) and (
        "vg|" in text.lower() or "at|" in text.lower()
    ):
        return "a vugraph file with a header, or a teaching movie (its header and line reading index past the end)"
    return None


def dotted_hands(text):
    """Whether the file's `md` hands are written with dots between the suits, as PBN writes them."""
    return re.search(r"md\|\d[^|,]*\.", text, flags=re.IGNORECASE) is not None


def compare(ours, theirs):
    """The fields on which two readings of one board differ."""
    return [key for key in ("deal", "dealer", "vul", "calls", "cards") if ours.get(key) != theirs.get(key)]


def explain(reader, path, ours, theirs, fields, text):
    """The reason for a difference on one board, or None."""
    if fields == ["dealer"] and theirs.get("dealer") is None:
        return "the reader keeps no dealer"
    if "cards" in fields and set(fields) <= {"cards"} and len(theirs["cards"]) < len(ours["cards"]):
        return "the reader stops at a claim or pause and drops the cards after it"
    if reader == "endplay" and theirs.get("deal") == {} and md_before_pn(text):
        return "a board whose `md|` comes before its `pn|` (endplay starts a board at `pn|`, after the deal)"
    if fields == ["cards"] and not ours["calls"] and not ours["cards"]:
        return "a play with no auction, so no declarer and no leader: Kibitzer keeps its cards as written and follows none"
    return None


def md_before_pn(text):
    """Whether some line gives `md|` before its `pn|`."""
    return any(
        0 <= line.lower().find("md|") < line.lower().find("pn|")
        for line in text.splitlines()
    )


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    ours_by_file = {}
    with open(sys.argv[1]) as f:
        for line in f:
            record = json.loads(line)
            ours_by_file[record["file"]] = record["boards"]
    counts = Counter()
    reasons = Counter()
    unexplained = 0
    for path in sys.argv[2:]:
        ours = ours_by_file[path]
        counts["files"] += 1
        counts["boards"] += len(ours)
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        # As many boards as deals: every `md|` pair is one board's.
        deals = len(re.findall(r"(?:^|\|)\s*md\|", text, flags=re.IGNORECASE | re.MULTILINE))
        dealt = sum(1 for b in ours if b["deal"])
        if deals != dealt and dotted_hands(text):
            reasons["Kibitzer reads no hand written with dots (PBN's spelling, not LIN's) and reports each (L703)"] += 1
        elif deals != dealt:
            unexplained += 1
            print(f"{path}: {deals} deals (md|), Kibitzer reads {dealt} boards with a deal")
        else:
            counts["files with a board for every deal"] += 1
        for name, reader in (("endplay", endplay_boards), ("bridgebots", bridgebots_boards)):
            try:
                theirs = reader(path)
            except Exception as error:  # a reader's own failure is a difference of its own
                reason = fails_reason(name, error, text)
                if reason:
                    reasons[f"{name} fails on the file: {reason}"] += 1
                else:
                    unexplained += 1
                    print(f"{path}: {name} fails: {type(error).__name__}: {error}")
                continue
            if len(theirs) != len(ours):
                # Boards a reader leaves out: each board it does read must be one of ours, and
                # each one it leaves out needs a reason (KNOWN_LEFT_OUT).
                left_out = [b for b in ours if b not in theirs]
                foreign = [b for b in theirs if b not in ours]
                # bridgebots starts a board only where a line starts with `qx|`: two boards run
                # together on one line are one board to it, their calls and cards end to end.
                for board in list(foreign):
                    pair = merged_pair(board, left_out)
                    if name == "bridgebots" and pair:
                        foreign.remove(board)
                        for o in pair:
                            left_out.remove(o)
                        reasons["bridgebots joins two boards written on one line (it splits only at a line's `qx|`)"] += 1
                if foreign:
                    unexplained += 1
                    print(f"{path}: {name} reads {len(theirs)} boards, Kibitzer {len(ours)}; "
                          f"{len(foreign)} of {name}'s are none of Kibitzer's")
                    for board in foreign:
                        near = [o for o in ours if o["deal"] == board["deal"]]
                        print(f"    {name}: {board}")
                        for o in near:
                            print(f"    kibitzer: {o}")
                    continue
                counts[f"boards agreeing with {name}"] += len(theirs)
                for board in left_out:
                    reason = left_out_reason(name, board, text, ours[0])
                    if reason:
                        reasons[f"{name} leaves out {reason}"] += 1
                    else:
                        unexplained += 1
                        print(f"{path}: {name} leaves out a board: {board}")
                continue
            for i, (a, b) in enumerate(zip(ours, theirs)):
                fields = compare(a, b)
                if not fields:
                    counts[f"boards agreeing with {name}"] += 1
                    continue
                reason = explain(name, path, a, b, fields, text)
                if reason:
                    reasons[f"{name}: {reason}"] += 1
                else:
                    unexplained += 1
                    print(f"{path} board {i + 1}: {name} differs on {', '.join(fields)}")
                    for field in fields:
                        print(f"    kibitzer {field}: {a.get(field)}")
                        print(f"    {name:8} {field}: {b.get(field)}")
    for key, n in counts.items():
        print(f"{n:6}  {key}")
    for reason, n in sorted(reasons.items()):
        print(f"{n:6}  explained: {reason}")
    print(f"{unexplained} unexplained")
    return 1 if unexplained else 0


def merged_pair(board, ours):
    """Two of `ours`, of the same deal, whose calls and cards end to end are `board`'s."""
    for first in ours:
        for second in ours:
            if (
                first is not second
                and first["deal"] == board["deal"] == second["deal"]
                and first["calls"] + second["calls"] == board["calls"]
                and first["cards"] + second["cards"] == board["cards"]
            ):
                return (first, second)
    return None


def left_out_reason(reader, board, text, first_board):
    """Why a reader leaves out one of Kibitzer's boards, when it is a known habit of the
    reader's (each in docs/lin.md), or None."""
    if reader == "bridgebots" and len(board["calls"]) < 4:
        return "a board with fewer than four calls (bridgebots drops it: 'auctions must have 4+ bids')"
    if reader == "bridgebots" and board is first_board:
        return "the file's first board (bridgebots reads everything up to the first `|pg||` as the vugraph header)"
    if reader == "endplay" and "pn|" not in text.lower():
        return "every board of a file without `pn|` (endplay starts a board at each `pn|` only)"
    return None

if __name__ == "__main__":
    sys.exit(main())
