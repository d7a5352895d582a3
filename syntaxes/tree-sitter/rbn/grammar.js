/**
 * Tree-sitter grammar for RBN (Richard's Bridge Notation), for editors that colour with
 * tree-sitter (Helix, Zed, Neovim's nvim-treesitter) and for anyone building on the format.
 *
 * It splits a file as Kibitzer's own parser does: records are separated by lines that are
 * empty (or hold only spaces); a record is a run of labelled lines (fields), `%` lines and `{…}`
 * paragraphs. Kibitzer's test suite parses the whole corpus with it and compares records, fields
 * and note lines with Kibitzer's tree (scripts/test-tree-sitter.sh).
 */
const NEWLINE = /\r?\n|\r/;

module.exports = grammar({
  name: "rbn",

  // Spaces, and a byte-order mark (Kibitzer reads past it).
  extras: () => [/[ \t\f\v]+/, /\uFEFF/],

  rules: {
    // Records are separated by empty lines.
    file: ($) =>
      seq(
        optional($._leading_blank),
        optional(seq($.record, repeat(seq($._blank, $.record)), optional($._blank))),
      ),

    // One item a line: after a label, only its data or the line end can come (a digit there is
    // data, not a note line's label).
    record: ($) => prec.right(seq($._item, repeat(seq($._newline, optional($._item))))),

    _item: ($) => choice($.field, $.note, $.percent_line, $.paragraph),

    // A label, then (after one space) its data to the end of the line; a label alone is a null
    // field.
    field: ($) => seq(field("label", $.label), optional(field("data", $.data))),

    // T D L E S F K N B H A C P R I M, in either case.
    label: () => token(prec(2, /[TDLESFKNBHACPRIMtdlesfknbhacprim]/)),

    // A note line: its number 0-9, then the note's text (what a `^n` in the auction or play
    // refers to).
    note: ($) => seq(field("number", $.note_number), optional(field("text", $.data))),

    note_number: () => token(prec(2, /[0-9]/)),

    data: () => /[^\r\n]+/,

    // `%` lines: the `% RBN` signature and remarks.
    percent_line: () => token(prec(2, seq("%", /[^\r\n]*/))),

    // Free text from a `{` to a `}` that ends a line (a `}` inside a line does not end it).
    paragraph: () => token(prec(2, seq("{", repeat(choice(/[^}]/, /\}+[^}\r\n]/)), /\}+/))),

    _newline: () => NEWLINE,

    // A line end then one or more empty lines. Written per line-end style so that the two
    // halves of one CR LF are never read as two line ends (an empty line that is not there).
    _blank: () =>
      token(prec(3, choice(/\n([ \t]*\r?\n)+/, /\r\n([ \t]*\r\n)+/, /\r([ \t]*\r)+/))),

    _leading_blank: () => token(prec(3, repeat1(seq(/[ \t]*/, NEWLINE)))),
  },
});
