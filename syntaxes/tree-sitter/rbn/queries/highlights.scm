; RBN highlights. Capture names are those Helix, Zed and nvim-treesitter all know.

(label) @keyword
(note_number) @label
(data) @string
(percent_line) @keyword.directive
(paragraph) @comment
