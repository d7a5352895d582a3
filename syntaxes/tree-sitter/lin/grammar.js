/**
 * Tree-sitter grammar for LIN (Bridge Base Online's files), for editors that colour with
 * tree-sitter (Helix, Zed, Neovim's nvim-treesitter) and for anyone building on the format.
 *
 * A file is a run of `key|value|` pairs, split into boards as Kibitzer splits it (docs/lin.md):
 * a board starts at a `qx|` pair (with the players written on the line before it,
 * `pn|…|qx|o1|…`) and runs to the next; in a file that no `qx|` numbers, a board that has dealt
 * (`md|`) or played (`pc|`) ends where a line opens with `pn|`, `st|` or `md|`. The pairs before
 * the first board are the header (`vg`, `rs`, `pn` of a vugraph file; Kibitzer reads a header
 * that deals as a board of its own). scripts/test-tree-sitter.sh compares pairs and boards with
 * Kibitzer's tree over the corpus.
 */
const NEWLINE = /\r?\n|\r/;

module.exports = grammar({
  name: "lin",

  // Spaces, and a byte-order mark (Kibitzer reads past it). Line ends are tokens: one before
  // `pn|`, `st|` or `md|` may end a board.
  extras: () => [/[ \t\f\v]+/, /\uFEFF/],

  // Whether a line that opens with `pn|` belongs to the header or leads to the next `qx|` is
  // known only at that `qx|`: both are followed, and the board with its players wins.
  conflicts: ($) => [[$.board, $._undealt_item]],

  rules: {
    file: ($) =>
      seq(
        repeat(choice($._newline, $.comment_line)),
        optional($.header),
        repeat(choice($.board, alias($._line_board, $.board))),
      ),

    // The pairs before the first board.
    header: ($) =>
      prec.right(
        choice(
          seq($.pair, repeat($._undealt_item), optional(seq($._deal_pair, repeat($._dealt_item)))),
          seq(alias($._mid_deal_pair, $.pair), repeat($._dealt_item)),
        ),
      ),

    // A board a `qx|` numbers: everything up to the next `qx|` is its.
    board: ($) =>
      prec.dynamic(
        1,
        prec.right(
          seq(
            optional(seq($._line_other_pair, repeat(choice($.pair, $._newline)))),
            alias($._qx_pair, $.pair),
            repeat(
              choice(
                $.pair,
                $._deal_pair,
                $._line_other_pair,
                $.comment_line,
                $._newline,
              ),
            ),
          ),
        ),
      ),

    // A board of a file no `qx|` numbers, from a line that opens with `pn|`, `st|` or `md|`.
    _line_board: ($) =>
      prec.right(
        choice(
          seq(
            $._line_other_pair,
            repeat($._undealt_item),
            optional(seq($._deal_pair, repeat($._dealt_item))),
          ),
          seq(alias($._line_deal_pair, $.pair), repeat($._dealt_item)),
        ),
      ),

    // Before a board has dealt, a line opening with `pn|` or `st|` goes on with it, and one
    // opening with `md|` deals it.
    _undealt_item: ($) => choice($.pair, $._line_other_pair, $.comment_line, $._newline),

    _deal_pair: ($) => choice(alias($._mid_deal_pair, $.pair), alias($._line_deal_pair, $.pair)),

    // After it has dealt, such a line starts the next board.
    _dealt_item: ($) =>
      choice($.pair, alias($._mid_deal_pair, $.pair), $.comment_line, $._newline),

    pair: ($) => seq($.key, "|", optional($.value), "|"),

    _mid_deal_pair: ($) => seq(alias($._deal_key, $.key), "|", optional($.value), "|"),

    _line_deal_pair: ($) => seq(alias($._line_deal_key, $.key), "|", optional($.value), "|"),

    _line_other_pair: ($) => alias($._line_other_pair_body, $.pair),

    _line_other_pair_body: ($) =>
      seq(alias($._line_other_key, $.key), "|", optional($.value), "|"),

    _qx_pair: ($) => seq(alias($._qx_key, $.key), "|", optional($.value), "|"),

    _qx_key: () => token(prec(3, /[qQ][xX]/)),

    // `md` or `pc`: the board deals or plays.
    _deal_key: () => token(prec(2, /[mM][dD]|[pP][cC]/)),

    // `md`, and `pn` or `st`, first on a line (the line end before it is part of the token).
    _line_deal_key: () => token(prec(3, seq(NEWLINE, /[ \t]*/, /[mM][dD]/))),

    _line_other_key: () => token(prec(3, seq(NEWLINE, /[ \t]*/, /[pP][nN]|[sS][tT]/))),

    key: () => token(prec(1, /[A-Za-z][A-Za-z0-9]/)),

    value: () => /[^|]+/,

    // A `%` line (PbnToLin's header).
    comment_line: () => token(prec(2, seq("%", /[^\r\n]*/))),

    _newline: () => NEWLINE,
  },
});
