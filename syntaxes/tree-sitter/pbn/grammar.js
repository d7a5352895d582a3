/**
 * Tree-sitter grammar for PBN (Portable Bridge Notation 2.1), for editors that colour with
 * tree-sitter (Helix, Zed, Neovim's nvim-treesitter) and for anyone building on the format.
 *
 * It splits a file as Kibitzer's own parser does: games are separated by lines that are empty
 * (or hold only spaces); a `{…}` comment may run across such lines without ending its game. A
 * game holds tag pairs, comments and `%` lines; a tag pair followed by data opens a section.
 * Kibitzer's test suite parses the whole corpus with it and compares games, tags and sections
 * with Kibitzer's tree (tests/tree_sitter.rs).
 */
const NEWLINE = /\r?\n|\r/;

module.exports = grammar({
  name: "pbn",

  // Spaces and tabs between tokens; line ends are tokens, since empty lines end a game.
  // Spaces, and a byte-order mark (Kibitzer reads past it).
  extras: () => [/[ \t\f\v\u00a0]+/, /\uFEFF/],

  conflicts: ($) => [[$.game, $.section]],

  rules: {
    // Games (and header chunks) are separated by empty lines.
    file: ($) =>
      seq(
        optional($._leading_blank),
        optional(seq($._chunk, repeat(seq($._blank, $._chunk)), optional($._blank))),
      ),

    _chunk: ($) => choice($.game, $.header),

    // A chunk of comments and `%` lines only (a file header, a note between games).
    header: ($) => prec.right(repeat1(choice($._trivia, $._newline))),

    game: ($) =>
      prec.right(
        seq(
          repeat(choice($._trivia, $._newline)),
          choice($.tag_pair, $.section),
          repeat(choice($.tag_pair, $.section, $._trivia, $._newline)),
        ),
      ),

    // The Auction, the Play and the standard's tables open a section, with data or without;
    // any other tag pair followed by data opens one too.
    section: ($) =>
      choice(
        prec.right(
          seq(alias($._section_tag_pair, $.tag_pair), repeat(choice($._data, $._trivia, $._newline))),
        ),
        prec.right(
          seq(
            $.tag_pair,
            repeat(choice($._trivia, $._newline)),
            $._data,
            repeat(choice($._data, $._trivia, $._newline)),
          ),
        ),
      ),

    _section_tag_pair: ($) =>
      seq("[", field("name", alias($._section_name, $.tag_name)), field("value", $.string), "]"),

    // Before tag_name: of two tokens as long, the first in the grammar wins (and a longer
    // name, `AuctionX`, is a tag_name).
    _section_name: () =>
      choice(
        "Auction",
        "Play",
        "ActionTable",
        "AuctionTimeTable",
        "InstantScoreTable",
        "OptimumPlayTable",
        "OptimumResultTable",
        "PlayTimeTable",
        "ScoreTable",
        "TotalScoreTable",
      ),

    tag_pair: ($) => seq("[", field("name", $.tag_name), field("value", $.string), "]"),

    tag_name: () => /[A-Za-z0-9_]+/,

    string: () => token(seq('"', repeat(choice(/[^"\\\r\n]/, /\\./)), '"')),

    _trivia: ($) => choice($.comment, $.escape_line),

    // `{…}` may span lines (and empty lines); `;` runs to the end of the line.
    comment: () => choice(token(seq("{", /[^}]*/, "}")), token(seq(";", /[^\r\n]*/))),

    // `%` lines: the standard's directives (`% PBN 2.1`, `% EXPORT`) and other escapes.
    escape_line: () => token(seq("%", /[^\r\n]*/)),

    _data: ($) =>
      choice(
        $.call,
        $.card,
        $.note_ref,
        $.annotation,
        $.nag,
        $.irregularity,
        $.mark,
        $.string,
        $.token,
      ),

    call: () => /(AP|Pass|XX|X|[1-7](C|D|H|S|NT|N))/i,

    card: () => /[SHDC][2-9TJQKA]/i,

    note_ref: () => /=[0-9]+=/,

    annotation: () => /[!?]{1,2}/,

    nag: () => /\$[0-9]+/,

    irregularity: () => /\^[A-Za-z]/,

    // `*` ends a section early, `+` continues it, `-` stands for a card not known.
    mark: () => /[*+-]/,

    // Any other data: the values of a table's columns, and what Kibitzer reports as wrong. The
    // kinds above are written before it: of two tokens as long, the first in the grammar wins,
    // and a longer one always does (`XYZ` is a token, not `X` then `YZ`).
    // The characters that begin the kinds above do not run on in it (`2S!` is a call and an
    // annotation); alone, they are a token of their own.
    token: () => choice(/[^\s\[\]{};%"!?=$*^]+/, /[!?=$*^]/),

    _newline: () => NEWLINE,

    // A line end followed by one or more empty lines: the end of a game.
    // A line end then one or more empty lines. Written per line-end style so that the two
    // halves of one CR LF are never read as two line ends (an empty line that is not there).
    _blank: () =>
      token(prec(3, choice(/\n([ \t]*\r?\n)+/, /\r\n([ \t]*\r\n)+/, /\r([ \t]*\r)+/))),

    _leading_blank: () => token(prec(3, repeat1(seq(/[ \t]*/, NEWLINE)))),
  },
});
