#!/usr/bin/env python3
"""Generates whole PBN games from the standard's parts, for the differential test against the
reference verifier (scripts/test-reference-verifier.sh).

Where scripts/pbn_mutants.py puts one mistake into a valid game, this builds games whose every
part varies at once: the mandatory tags (sometimes some left out), the supplemental tags of
chapter 4 with values of their own syntax, the tables of chapter 5 with their columns (`-` and
`?` cells, suit-only columns of the OptimumPlayTable), comments, NAGs, suffixes and note
references after calls and cards in any order, an auction ending with `AP` or passes, a play
ending with `*` or cut short with `+`, commentary lines over the 255-character limit, headers
of PBN 1.0, 2.0 and 2.1, LF and CRLF, ASCII and Latin-1, end positions (chapter 3.10: the
hands left after some tricks, the trumps alone as Contract, the Play from the player on lead),
and tag value inheritance (chapter 4.8: `##` in a file's first game, then games that leave those
tags out, give `#`, or redefine them). The deal, auction and play come from
the shared benchmark generator (legal and complete), so what varies is what the standard lets
vary; every mistake the games hold is one the standard names.

usage: pbn_games.py OUT_PREFIX --files N --per-file M --seed S
Writes OUT_PREFIX01.pbn ... ; the same arguments give the same bytes.
"""

import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "shared", "tools"))
import gen_pbn  # noqa: E402  (the shared generator of legal deals, auctions and plays)

SEATS = "NESW"
NAMES = ["Helgemo", "Zia", "Martel", "Brogeland", "Lindqvist", "Fantoni", "Nunes", "Meckstroth"]
LATIN1_NAMES = ["Lévy", "Gómez", "Ørsted", "Ñúñez", "Çelik", "Großmann"]
WORDS = "declarer ruffs the second round of trumps and squeezes East in clubs a nice defence".split()
CALL_SUFFIXES = ["!", "?", "!!", "??", "!?", "?!"]


def words(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n))


def annotations(rng, notes, card, plain):
    """A run of annotations for one call or card: at most one suffix-class mark (the standard
    allows one), any other NAGs (none in a PBN 1.0 file, `plain`), a note reference, comments, in
    a random order."""
    parts = []
    if rng.random() < 0.15:
        parts.append(rng.choice(CALL_SUFFIXES))
    elif rng.random() < 0.1:
        parts.append("$%d" % (rng.randint(7, 12) if card else rng.randint(1, 6)))
    if rng.random() < 0.1 and not plain:
        # The explaining NAGs of chapter 3.7: a call's 13 and 20-93, a card's 14 and 200-238.
        parts.append("$%d" % (rng.choice([13] + list(range(20, 94))) if not card
                              else rng.choice([14] + list(range(200, 239)))))
    if rng.random() < 0.12:
        n = rng.randint(1, 3)
        notes.add(n)
        parts.append("=%d=" % n)
    if rng.random() < 0.08:
        parts.append("{%s}" % words(rng, rng.randint(1, 4)))
    rng.shuffle(parts)
    # A note reference comes first (it must follow its call or card, not a mark).
    parts.sort(key=lambda p: 0 if p.startswith("=") else 1)
    return parts


def section_lines(items, rng, card, plain, per_line=4):
    notes = set()
    lines, line = [], []
    for i, item in enumerate(items):
        line.append(item)
        line.extend(annotations(rng, notes, card, plain))
        if (i + 1) % per_line == 0:
            lines.append(" ".join(line))
            line = []
    if line:
        lines.append(" ".join(line))
    return lines, notes


def table_tags(rng, deal_hands):
    """Some of the standard's tables, each with its columns and rows of valid cells."""
    out = []
    if rng.random() < 0.35:
        out.append('[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]')
        for seat in "NSEW":
            for dn in ("NT", "S", "H", "D", "C"):
                cell = rng.choice(["%2d" % rng.randint(0, 13)] * 8 + [" -", " ?"])
                out.append("%s %2s %s" % (seat, dn, cell))
    if rng.random() < 0.25:
        out.append('[OptimumPlayTable "Seat;S\\13L;H\\13L;D\\13L;C\\13L"]')
        for seat in "NESW":
            cols = []
            for s in range(4):
                held = "".join(sorted(rng.sample("AKQJT98765432", rng.randint(0, 5)),
                                      key="AKQJT98765432".index))
                cols.append(held or "-")
            out.append("%s %s" % (seat, " ".join(cols)))
    if rng.random() < 0.3:
        out.append('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\5R;MP_NS\\4R"]')
        for row in range(rng.randint(1, 5)):
            level = rng.randint(1, 7)
            contract = "%d%s%s" % (level, rng.choice(["C", "D", "H", "S", "NT"]), rng.choice(["", "", "X", "XX"]))
            out.append("%2d %2d %-5s %s %2d %5d %4s" % (
                row + 1, row + 10, contract, rng.choice(SEATS), rng.randint(0, 13),
                rng.randint(-20, 20) * 10, "%.1f" % (rng.randint(0, 40) / 2)))
    if rng.random() < 0.15:
        out.append('[TotalScoreTable "Rank\\2R;PairId\\2R;TotalScore\\5R;Names\\30L"]')
        for row in range(rng.randint(1, 4)):
            out.append('%2d %2d %5d "%s - %s"' % (row + 1, rng.randint(1, 20), rng.randint(-500, 900),
                                                rng.choice(NAMES), rng.choice(NAMES)))
    if rng.random() < 0.1:
        out.append('[PlayTimeTable "Trick\\2R;Time\\8R"]')
        for t in range(1, rng.randint(2, 6)):
            out.append("%2d %8s" % (t, "%02d:%02d" % (rng.randint(0, 5), rng.randint(0, 59))))
    return out


SUPPLEMENTAL = [
    lambda r: '[Annotator "%s"]' % r.choice(NAMES),
    lambda r: '[Application "Kibitzer test generator"]',
    lambda r: '[BidSystemNS "SAYC"]',
    lambda r: '[BidSystemEW "Precision"]',
    lambda r: '[Competition "%s"]' % r.choice(["Teams", "Pairs", "Individuals", "Chicago", "Rubber"]),
    lambda r: '[Description "%s"]' % words(r, 3),
    lambda r: '[EventDate "%04d.%02d.??"]' % (r.randint(1990, 2025), r.randint(1, 12)),
    lambda r: '[EventSponsor "%s"]' % r.choice(NAMES),
    lambda r: '[Generator "%s"]' % words(r, 2),
    lambda r: '[HomeTeam "%s"]' % r.choice(NAMES),
    lambda r: '[VisitTeam "%s"]' % r.choice(NAMES),
    lambda r: '[Mode "%s"]' % r.choice(["TABLE", "EM", "IBS", "MAIL", "TEL"]),
    lambda r: '[NorthType "%s"]' % r.choice(["human", "program"]),
    lambda r: '[Room "%s"]' % r.choice(["Open", "Closed"]),
    lambda r: '[Round "%d"]' % r.randint(1, 20),
    lambda r: '[Section "%s"]' % r.choice(["A", "B", "Red"]),
    lambda r: '[Stage "%s"]' % r.choice(["Final", "Semifinal", "Qualification"]),
    lambda r: '[Table "%d"]' % r.randint(1, 30),
    lambda r: '[Time "%02d:%02d:%02d"]' % (r.randint(0, 23), r.randint(0, 59), r.randint(0, 59)),
    lambda r: '[UTCDate "%04d.%02d.%02d"]' % (r.randint(1990, 2025), r.randint(1, 12), r.randint(1, 28)),
    lambda r: '[UTCTime "%02d:%02d:%02d"]' % (r.randint(0, 23), r.randint(0, 59), r.randint(0, 59)),
    lambda r: '[TimeControl "%s"]' % r.choice(["40/120", "?", "8/15"]),
    lambda r: '[Termination "%s"]' % r.choice(["normal", "claim"]),
    lambda r: '[FrenchMP "%s"]' % r.choice(["Yes", "No"]),
    lambda r: '[ScoreIMP "NS %d"]' % r.randint(-15, 15),
    lambda r: '[ScorePercentage "NS %d"]' % r.randint(0, 100),
]


def tricks_played(rng, hands, declarer, denom):
    """A random legal play of the 13 tricks: each trick's cards by seat, and its winner."""
    hands = [list(h) for h in hands]
    trump = gen_pbn.DENOM_SUIT[denom]
    leader = (declarer + 1) % 4
    tricks = []
    for _ in range(13):
        played = [None] * 4
        led = None
        for j in range(4):
            seat = (leader + j) % 4
            follow = [c for c in hands[seat] if c[0] == led] if j else []
            card = rng.choice(follow or hands[seat])
            led = card[0] if j == 0 else led
            hands[seat].remove(card)
            played[seat] = card
        winner = leader
        for j in range(1, 4):
            seat = (leader + j) % 4
            c, best = played[seat], played[winner]
            if (c[0] == best[0] and c[1] > best[1]) or (c[0] == trump and best[0] != trump):
                winner = seat
        tricks.append((played, leader, winner))
        leader = winner
    return tricks


def end_position(rng, board, lines):
    """A game of chapter 3.10: the hands left after some tricks of a legal play, the trumps
    alone as its Contract, and the rest of the play from the player on lead."""
    hands = gen_pbn.gen_deal(rng)
    declarer = rng.randrange(4)
    denom = rng.choice(gen_pbn.DENOMS)
    tricks = tricks_played(rng, hands, declarer, denom)
    gone = rng.randint(5, 12)
    left = {c for played, _, _ in tricks[gone:] for c in played}
    rest = [[c for c in h if c in left] for h in hands]
    leader = tricks[gone][1]
    won = sum(1 for _, _, w in tricks[gone:] if w % 2 == declarer % 2)
    lines.extend([
        '[Event "%s"]' % rng.choice(gen_pbn.EVENTS),
        '[Site "%s"]' % rng.choice(gen_pbn.SITES),
        '[Date "%04d.%02d.%02d"]' % (rng.randint(1995, 2025), rng.randint(1, 12), rng.randint(1, 28)),
        '[Board "%d"]' % board,
        '[West "-"]', '[North "-"]', '[East "-"]', '[South "-"]',
        '[Dealer "%s"]' % SEATS[(board - 1) % 4],
        '[Vulnerable "%s"]' % gen_pbn.VUL_CYCLE[(board - 1) % 16],
        '[Deal "%s"]' % gen_pbn.deal_str(rest),
        '[Scoring "%s"]' % rng.choice(["IMP", "MP"]),
        '[Declarer "%s"]' % SEATS[declarer],
        '[Contract "%s"]' % denom,
        '[Result "%d"]' % won,
    ])
    # The columns are seats, from the player on lead at the position's first trick.
    cards = [gen_pbn.card_str(played[(leader + i) % 4]) for played, _, _ in tricks[gone:] for i in range(4)]
    play, play_notes = section_lines(cards, rng, card=True, plain=False)
    lines.append('[Play "%s"]' % SEATS[leader])
    lines.extend(play)
    for n in sorted(play_notes):
        lines.append('[Note "%d:%s"]' % (n, words(rng, 3)))
    return lines


# The tags a file's first game may hand on with `##` (chapter 4.8), and those `#` may take.
STICKY = ["Event", "Site", "Date", "Scoring"]
HASHABLE = ["Event", "Site", "Date", "West", "North", "East", "South", "Scoring"]


def inherit(rng, board, mandatory):
    """Rewrites a game's mandatory tags to use inheritance: `##` in the first game, then each
    sticky tag left out, given as `#`, or redefined, and the players now and then as `#`."""
    out = []
    for line in mandatory:
        name = line[1:line.index(" ")]
        value = line[line.index('"') + 1:-2]
        if board == 1 and name in STICKY:
            out.append('[%s "##%s"]' % (name, value))
            continue
        if name in STICKY:
            roll = rng.random()
            if roll < 0.6:
                continue
            if roll < 0.8:
                out.append('[%s "#"]' % name)
                continue
        elif name in HASHABLE and rng.random() < 0.3:
            out.append('[%s "#"]' % name)
            continue
        out.append(line)
    return out


def game(rng, board, version, latin1, inheriting=False):
    # (Not the first game of a file that hands tags on: that one gives them.)
    if version != "1.0" and not (inheriting and board == 1) and rng.random() < 0.06:
        return end_position(rng, board, [])
    dealer = (board - 1) % 4
    vul = gen_pbn.VUL_CYCLE[(board - 1) % 16]
    hands = gen_pbn.gen_deal(rng)
    calls, declarer, contract, level, denom = gen_pbn.gen_auction(rng, dealer)
    rows, tricks, opening = gen_pbn.play_deal(rng, hands, declarer, denom)
    names = [rng.choice(LATIN1_NAMES if latin1 and rng.random() < 0.5 else NAMES) for _ in range(4)]
    lines = []
    if rng.random() < 0.3:
        lines.append("{%s}" % words(rng, rng.randint(2, 8)))
    if rng.random() < 0.08:
        # Commentary over the standard's 255 characters: an error for both.
        lines.append("{%s}" % words(rng, 60))
    mandatory = [
        '[Event "%s"]' % rng.choice(gen_pbn.EVENTS),
        '[Site "%s"]' % rng.choice(gen_pbn.SITES),
        '[Date "%04d.%02d.%02d"]' % (rng.randint(1995, 2025), rng.randint(1, 12), rng.randint(1, 28)),
        '[Board "%d"]' % board,
        '[West "%s"]' % names[3],
        '[North "%s"]' % names[0],
        '[East "%s"]' % names[1],
        '[South "%s"]' % names[2],
        '[Dealer "%s"]' % SEATS[dealer],
        '[Vulnerable "%s"]' % vul,
        '[Deal "%s"]' % gen_pbn.deal_str(hands),
        '[Scoring "%s"]' % rng.choice(["IMP", "MP", "Rubber", "BAM"]),
        '[Declarer "%s"]' % SEATS[declarer],
        '[Contract "%s"]' % contract,
        '[Result "%d"]' % tricks,
    ]
    # Sometimes a descriptive mandatory tag is left out (the bridge ones stay).
    if inheriting:
        mandatory = inherit(rng, board, mandatory)
    elif rng.random() < 0.1:
        del mandatory[rng.choice([0, 1, 2, 4, 5, 6, 7])]
    lines.extend(mandatory)
    if version != "1.0":
        for make in rng.sample(SUPPLEMENTAL, rng.randint(0, 6)):
            lines.append(make(rng))
    auction_items = list(calls)
    if not version == "1.0" and rng.random() < 0.3 and auction_items[-3:] == ["Pass"] * 3:
        auction_items = auction_items[:-3] + ["AP"]
    plain = version == "1.0"
    auction, auction_notes = section_lines(auction_items, rng, card=False, plain=plain)
    # `AP` stands for several passes: nothing is written after it but the end.
    if auction_items[-1] == "AP":
        auction[-1] = auction[-1][: auction[-1].rindex("AP") + 2]
    lines.append('[Auction "%s"]' % SEATS[dealer])
    lines.extend(auction)
    for n in sorted(auction_notes):
        lines.append('[Note "%d:%s"]' % (n, rng.choice(gen_pbn.NOTE_TEXTS)))
    cards = [c for row in rows for c in row]
    cut = len(cards) if rng.random() < 0.8 else 4 * rng.randint(1, 12)
    # PBN 1.0 has no `+`; a play given whole needs no end mark.
    end = "*" if plain or rng.random() < 0.75 else "+"
    play, play_notes = section_lines(cards[:cut], rng, card=True, plain=plain)
    lines.append('[Play "%s"]' % SEATS[opening])
    lines.extend(play)
    # A whole play gets `+` now and then (the reference passes over it); a `*` after it, which
    # the reference's export drops and Kibitzer keeps as written, is left out.
    if cut < len(cards):
        lines.append(end)
    elif end == "+" and rng.random() < 0.5:
        lines.append("+")
    for n in sorted(play_notes):
        lines.append('[Note "%d:%s"]' % (n, words(rng, 3)))
    if version == "2.1":
        lines.extend(table_tags(rng, hands))
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("prefix")
    parser.add_argument("--files", type=int, default=6)
    parser.add_argument("--per-file", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for f in range(args.files):
        version = ["2.1", "2.0", "1.0"][f % 3]
        crlf = f % 2 == 1
        latin1 = f % 4 >= 2
        out = ["% PBN " + version]
        # The second and fourth files (PBN 2.0 and 2.1) hand tags on with `##` and `#`.
        inheriting = version != "1.0" and f % 5 in (1, 3)
        for g in range(args.per_file):
            out.extend(game(rng, g + 1, version, latin1, inheriting))
            out.append("")
        text = ("\r\n" if crlf else "\n").join(out) + ("\r\n" if crlf else "\n")
        with open("%s%02d.pbn" % (args.prefix, f + 1), "wb") as fh:
            fh.write(text.encode("latin-1" if latin1 else "ascii"))


if __name__ == "__main__":
    main()
