#!/usr/bin/env python3
"""Writes PBN files of mutants: valid games with one mistake each, for the differential test
against the reference verifier (scripts/reference-verifier.sh).

usage: pbn_mutants.py BASE.pbn [--base MORE.pbn ...] OUT_PREFIX --files N --per-file M [--seed S]

BASE holds valid, self-contained games (as `gen_pbn.py --rich` writes them); `--base` adds the
games of more files (clean corpus files, in the layouts real programs write). Each mutant is one
base game with one change; its kind is said in a `{mutant: KIND}` comment before its first tag,
so a disagreement can be traced to what was done. Deterministic for a given seed.
"""
import argparse
import random
import re

CALLS = ["Pass", "X", "XX"] + [f"{l}{s}" for l in range(1, 8) for s in ["C", "D", "H", "S", "NT"]]
CARD = re.compile(r"\b[SHDC][2-9TJQKA]\b")
CALL = re.compile(r"\b(?:Pass|XX|X|[1-7](?:C|D|H|S|NT))\b")


def sections(game):
    """The game's lines, and the line ranges of its Auction and Play data."""
    lines = game.split("\n")
    spans = {}
    current = None
    for i, line in enumerate(lines):
        m = re.match(r"\[(\w+) ", line)
        if m:
            current = m.group(1)
            spans.setdefault(current, [i + 1, i + 1])
        elif current in spans and line and not line.startswith("{"):
            spans[current][1] = i + 1
    return lines, spans


def tag(lines, name):
    for i, line in enumerate(lines):
        if line.startswith(f"[{name} "):
            return i
    return None


def data_tokens(lines, spans, name, pattern):
    span = spans.get(name)
    if not span:
        return []
    out = []
    for i in range(span[0], span[1]):
        if lines[i].startswith("["):
            continue
        for m in pattern.finditer(lines[i]):
            out.append((i, m.start(), m.end()))
    return out


def replace_at(lines, where, new):
    i, a, b = where
    lines[i] = lines[i][:a] + new + lines[i][b:]


def deal_hands(lines):
    i = tag(lines, "Deal")
    m = re.match(r'\[Deal "([NESW]):(.*)"\]', lines[i])
    return i, m.group(1), [h.split(".") for h in m.group(2).split(" ")]


def write_deal(lines, i, first, hands):
    lines[i] = f'[Deal "{first}:' + " ".join(".".join(h) for h in hands) + '"]'


# Mutations added after the first set: NAGs and suffixes of the other kind, twice or judging
# twice (standard 3.10), a Deal that gives no hand, a Result marked `^` (3.4.15) with or
# without the play that shows it, and a turn skipped (`^S`, 3.9) before the closing passes,
# written out or as `AP` (export writes the passes), and a board passed out as GIB writes it
# (an empty Declarer and Result, a Play section with no card but its `*`).
LATER_KINDS = ["nag", "nag", "no-hands", "irregular-result", "skip-before-passes", "gib-passed-out"]


def mutate(game, rng, only=None):
    lines, spans = sections(game)
    kinds = [
        "swap-cards", "drop-card", "add-card", "change-call", "insufficient-bid", "drop-call",
        "add-call", "mark-revoke", "mark-lead", "mark-insufficient", "change-card",
        "break-result", "break-note", "change-tag", "add-score", "lowercase", "table-cell",
        "swap-played", "contract", "declarer", "mark-skip", "score-form", "passed-result",
        "drop-mark", "layout", "comment-before-note", "play-dash", "all-pass", "placeholders",
        "brace-in-table",
    ]
    kind = only or rng.choice(kinds)
    calls = data_tokens(lines, spans, "Auction", CALL)
    cards = data_tokens(lines, spans, "Play", CARD)
    if kind == "swap-cards":
        i, first, hands = deal_hands(lines)
        a, b = rng.sample(range(4), 2)
        sa, sb = rng.randrange(4), rng.randrange(4)
        if hands[a][sa] and hands[b][sb]:
            ca, cb = rng.choice(hands[a][sa]), rng.choice(hands[b][sb])
            hands[a][sa] = hands[a][sa].replace(ca, "", 1)
            hands[b][sb] = hands[b][sb].replace(cb, "", 1)
            hands[a][sb] += cb
            hands[b][sa] += ca
            order = "AKQJT98765432"
            for h in hands:
                for s in range(4):
                    h[s] = "".join(sorted(h[s], key=order.index))
        write_deal(lines, i, first, hands)
    elif kind in ("drop-card", "add-card"):
        i, first, hands = deal_hands(lines)
        a = rng.randrange(4)
        s = rng.randrange(4)
        if hands[a][s]:
            c = rng.choice(hands[a][s])
            if kind == "drop-card":
                hands[a][s] = hands[a][s].replace(c, "", 1)
            else:
                b = (a + rng.randrange(1, 4)) % 4
                hands[b][s] = c + hands[b][s]
        write_deal(lines, i, first, hands)
    elif kind == "change-call" and calls:
        replace_at(lines, rng.choice(calls), rng.choice(CALLS))
    elif kind == "insufficient-bid" and calls:
        bids = [c for c in calls if lines[c[0]][c[1]].isdigit()]
        if bids:
            replace_at(lines, rng.choice(bids[1:] or bids), "1C")
    elif kind == "drop-call" and calls:
        replace_at(lines, rng.choice(calls), "")
    elif kind == "add-call" and calls:
        i, a, b = rng.choice(calls)
        replace_at(lines, (i, a, b), lines[i][a:b] + " " + rng.choice(CALLS))
    elif kind == "mark-revoke" and cards:
        i, a, b = rng.choice(cards)
        replace_at(lines, (i, a, b), lines[i][a:b] + " ^R")
    elif kind == "mark-lead" and cards:
        i, a, b = rng.choice(cards)
        replace_at(lines, (i, a, b), lines[i][a:b] + " ^L")
    elif kind == "mark-insufficient" and calls:
        i, a, b = rng.choice(calls)
        replace_at(lines, (i, a, b), lines[i][a:b] + " ^I")
    elif kind == "change-card" and cards:
        replace_at(lines, rng.choice(cards), rng.choice("SHDC") + rng.choice("23456789TJQKA"))
    elif kind == "swap-played" and len(cards) > 1:
        x, y = rng.sample(cards, 2)
        tx = lines[x[0]][x[1]:x[2]]
        ty = lines[y[0]][y[1]:y[2]]
        for where, new in sorted([(x, ty), (y, tx)], key=lambda w: (w[0][0], -w[0][1])):
            replace_at(lines, where, new)
    elif kind == "break-result":
        i = tag(lines, "Result")
        lines[i] = f'[Result "{rng.choice(["0", "13", "14", "-1", "x", str(rng.randrange(14))])}"]'
    elif kind == "break-note":
        refs = [(i, m.start(), m.end()) for i, l in enumerate(lines) for m in re.finditer(r"=\d+=", l)]
        if refs:
            replace_at(lines, rng.choice(refs), f"={rng.choice([3, 4, 33, 0])}=")
    elif kind == "change-tag":
        name, values = rng.choice([
            ("Dealer", ["Q", "n", "", "North"]),
            ("Vulnerable", ["Both", "All", "-", "NE", "love"]),
            ("Scoring", ["IMP;Butler", "XYZ", "MP"]),
            ("Board", ["0", "x", "1000"]),
            ("Date", ["2023.13.01", "23.10.01", "????.??.??"]),
            ("Declarer", ["", "Q", "^N"]),
        ])
        i = tag(lines, name)
        if i is not None:
            lines[i] = f'[{name} "{rng.choice(values)}"]'
    elif kind == "add-score":
        i = tag(lines, "Result")
        lines.insert(i + 1, f'[Score "NS {rng.choice([-200, 0, 50, 100, 420, 620])}"]')
    elif kind == "lowercase" and calls:
        i, a, b = rng.choice(calls)
        call = lines[i][a:b]
        replace_at(lines, (i, a, b), call.lower() if rng.random() < 0.5 else call.upper())
    elif kind == "brace-in-table":
        # A `{` among table rows, never closed in the game: where PBN forbids comments it must
        # not swallow the games after it.
        rows = [
            i
            for name, (a, b) in spans.items()
            if name.endswith("Table")
            for i in range(a + 1, b)
            if lines[i] and not lines[i].startswith(("[", "{", ";"))
        ]
        if rows:
            i = rng.choice(rows)
            lines[i] = lines[i] + rng.choice([" {", " { see the next board", "{"])
        else:
            kind = "none"
    elif kind == "table-cell":
        rows = [i for i, l in enumerate(lines) if re.match(r"[NESW] +(NT|[SHDC]) +\d+$", l)]
        if rows:
            i = rng.choice(rows)
            lines[i] = re.sub(r"\d+$", str(rng.choice([14, 7, 0, 99])), lines[i])
    elif kind == "contract":
        i = tag(lines, "Contract")
        lines[i] = f'[Contract "{rng.choice(["8S", "3N", "Pass", "4HXXX", "2D"])}"]'
    elif kind == "declarer":
        i = tag(lines, "Declarer")
        lines[i] = f'[Declarer "{rng.choice("NESW")}"]'
    elif kind == "mark-skip" and calls:
        i, a, b = rng.choice(calls)
        replace_at(lines, (i, a, b), "^S " + lines[i][a:b])
    elif kind == "drop-mark":
        marks = [(i, m.start(), m.end()) for i, l in enumerate(lines) for m in re.finditer(r"\^[A-Z] ?", l)]
        if marks:
            replace_at(lines, rng.choice(marks), "")
        else:
            kind = "none"
    elif kind == "score-form":
        i = tag(lines, "Result")
        name, value = rng.choice([
            ("ScoreRubber", "NS 50 / 40"), ("ScoreRubber", "NS 50/40 "), ("ScoreRubber", "NS 50 40"),
            ("ScorePercentage", "NS 0."), ("ScorePercentage", "NS 100."), ("ScorePercentage", "NS 50.0"),
            ("ScorePercentage", "NS 101"), ("ScoreIMP", "NS 3."), ("ScoreMP", "EW 4.5 NS 3.5"),
            ("ScoreRubberHistory", "NS 0 0 / 0 EW 0 0 / 0"), ("ScoreRubberHistory", "NS 0 0"),
        ])
        lines.insert(i + 1, f'[{name} "{value}"]')
    elif kind == "passed-result":
        i = tag(lines, "Contract")
        lines[i] = '[Contract "Pass"]' if rng.random() < 0.5 else lines[i]
        j = tag(lines, "Declarer")
        lines[j] = '[Declarer ""]'
        # Without its auction: the tags alone say the board was passed out.
        span = spans.get("Auction")
        if span and rng.random() < 0.5:
            a = tag(lines, "Auction")
            end = span[1]
            while end < len(lines) and lines[end].startswith("[Note "):
                end += 1
            del lines[a:end]
    elif kind == "comment-before-note":
        refs = [(i, m.start(), m.end()) for i, l in enumerate(lines) if not l.startswith("[")
                for m in re.finditer(r" =\d+=", l)]
        if refs:
            i, a, b = rng.choice(refs)
            replace_at(lines, (i, a, a), " {why}")
        else:
            kind = "none"
    elif kind == "play-dash" and cards:
        i, a, b = cards[-1 - rng.randrange(min(4, len(cards)))]
        replace_at(lines, (i, a, b), "-")
    elif kind == "all-pass" and spans.get("Auction"):
        a, b = spans["Auction"]
        body = " ".join(lines[a:b])
        if re.search(r"Pass\s+Pass\s+Pass\s*$", body) and not re.search(r"\[|\{|=", body):
            words = body.split()
            words = words[:-3] + ["AP"]
            lines[a:b] = [" ".join(words[k:k + 4]) for k in range(0, len(words), 4)]
        else:
            kind = "none"
    elif kind == "placeholders" and spans.get("Auction"):
        a, _ = spans["Auction"]
        t = tag(lines, "Auction")
        dealer = re.search(r'"([NESW])"', lines[t])
        if dealer and dealer.group(1) != "W":
            k = "WNES".index(dealer.group(1))
            lines[t] = '[Auction "W"]'
            lines[a] = "- " * k + lines[a]
        else:
            kind = "none"
    elif kind == "nag" and (calls or cards):
        # A NAG or suffix after a call or card: of the other kind (the standard's classes and
        # the reference's explanation ranges), twice, or a second judgement.
        where = rng.choice(calls + cards)
        glyphs = rng.choice([
            "$1", "$2", "$7", "$8", "$13", "$14", "$20", "$93", "$200", "$238", "$45",
            "! $2", "$1 $2", "! $1", "$7 $8", "! $8", "$20 $20", "! $20", "$8 !",
        ])
        i, a, b = where
        replace_at(lines, where, lines[i][a:b] + " " + glyphs)
    elif kind == "irregular-result" and re.search(r'^\[Result "\d+"\]', "\n".join(lines), re.M):
        # The Result as written (the play agrees: a contradiction), one trick off (the play
        # shows it, when all of it is given), or with its Play section gone.
        i = tag(lines, "Result")
        tricks = int(re.search(r'"(\d+)"', lines[i]).group(1))
        change = rng.choice(["same", "off", "no-play"])
        kind = f"irregular-result-{change}"
        value = tricks if change != "off" else (tricks + 1) % 14
        lines[i] = f'[Result "^{value}"]'
        if change == "no-play" and spans.get("Play"):
            a, b = spans["Play"]
            del lines[a:b]
            del lines[tag(lines, "Play")]
    elif kind == "skip-before-passes" and spans.get("Auction"):
        a, b = spans["Auction"]
        body = " ".join(lines[a:b])
        if re.search(r"\s([1-7](NT|[SHDC])|XX?)\s+Pass\s+Pass\s+Pass\s*$", " " + body) and not re.search(r"\[|\{|\^|AP", body):
            words = body.split()[:-3] + ["^S"] + rng.choice([["AP"], ["Pass"] * 3])
            lines[a:b] = [" ".join(words[k:k + 4]) for k in range(0, len(words), 4)]
        else:
            kind = "none"
    elif kind == "gib-passed-out" and spans.get("Auction") and spans.get("Play") and not re.search(
        r"^\[(Score|TotalScoreTable|ScoreTable)", "\n".join(lines), re.M
    ):
        a, b = spans["Auction"]
        c, d = spans["Play"]
        # The later section first, so that the earlier one's lines keep their places.
        for (start, end, data) in sorted([(a, b, ["Pass Pass Pass Pass"]), (c, d, ["*"])], reverse=True):
            lines[start:end] = data
        # The notes were the auction's and the play's.
        lines[:] = [l for l in lines if not l.startswith("[Note ")]
        for name, value in [("Declarer", ""), ("Contract", "Pass"), ("Result", "")]:
            i = tag(lines, name)
            if i is not None:
                lines[i] = f'[{name} "{value}"]'
    elif kind == "no-hands":
        i = tag(lines, "Deal")
        first = rng.choice("NESW")
        lines[i] = f'[Deal "{first}:- - - -"]'
    elif kind == "layout":
        # The same game laid out otherwise: what export format would write differently.
        change = rng.choice(["swap-tags", "join-lines", "spaces", "lower-deal", "deal-from-west"])
        kind = f"layout-{change}"
        tags = [i for i, l in enumerate(lines) if re.match(r"\[(Event|Site|Date|Board|West|North|East|South|Scoring) ", l)]
        if change == "swap-tags" and len(tags) > 1:
            a, b = rng.sample(tags, 2)
            lines[a], lines[b] = lines[b], lines[a]
        elif change == "join-lines" and spans.get("Play"):
            a, b = spans["Play"]
            if b - a > 2:
                k = rng.randrange(a, b - 1)
                if not lines[k].startswith(("[", "{")) and not lines[k + 1].startswith(("[", "{")):
                    lines[k] = lines[k] + " " + lines.pop(k + 1)
        elif change == "spaces" and calls:
            i, a, b = rng.choice(calls)
            replace_at(lines, (i, a, b), "  " + lines[i][a:b] + "   ")
        elif change == "lower-deal":
            i = tag(lines, "Deal")
            lines[i] = lines[i][:8] + lines[i][8:-2].lower() + lines[i][-2:]
        elif change == "deal-from-west":
            i, first, hands = deal_hands(lines)
            order = "NESW"
            k = order.index(first)
            # Rotate so that West's hand comes first.
            shift = (order.index("W") - k) % 4
            hands = hands[shift:] + hands[:shift]
            write_deal(lines, i, "W", hands)
    else:
        kind = "none"
    first_tag = next(k for k, l in enumerate(lines) if l.startswith("["))
    lines.insert(first_tag, f"{{mutant: {kind}}}")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base")
    ap.add_argument("prefix")
    ap.add_argument("--base", dest="more", action="append", default=[])
    ap.add_argument("--files", type=int, default=10)
    ap.add_argument("--per-file", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    blocks = []
    for path in [args.base] + args.more:
        text = open(path, encoding="latin-1").read().replace("\r\n", "\n")
        blocks += [b for b in text.split("\n\n") if "[Deal " in b]
    # Keep only the game itself: no `%` lines (they belong to the file's head).
    games = ["\n".join(l for l in b.split("\n") if not l.startswith("%")) for b in blocks]
    rng = random.Random(args.seed)
    # The later kinds draw from a generator of their own, so that adding one leaves the
    # mutants of the others as they were.
    later = random.Random(args.seed + 1)
    for f in range(args.files):
        out = ["% PBN 2.1"]
        for _ in range(args.per_file):
            game = rng.choice(games)
            try:
                out.append(mutate(game, rng))
            except (AttributeError, TypeError, IndexError, ValueError):
                # A game in a layout the mutations do not know: kept as it is.
                out.append("{mutant: none}\n" + game)
            out.append("")
        for _ in range(args.per_file // 20):
            out.append(mutate(later.choice(games), later, later.choice(LATER_KINDS)))
            out.append("")
        with open(f"{args.prefix}{f + 1:02}.pbn", "w", encoding="latin-1", newline="\r\n") as w:
            w.write("\n".join(out))


if __name__ == "__main__":
    main()
