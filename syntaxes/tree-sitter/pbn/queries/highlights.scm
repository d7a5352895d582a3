; PBN highlights. Capture names are those Helix, Zed and nvim-treesitter all know.

(comment) @comment
(escape_line) @keyword.directive

(tag_pair
  "[" @punctuation.bracket
  "]" @punctuation.bracket)
(tag_name) @property
(string) @string

(call) @constant
(card) @constant.character
(note_ref) @label
(annotation) @operator
(nag) @number
(irregularity) @keyword
(mark) @punctuation.special
(token) @variable
