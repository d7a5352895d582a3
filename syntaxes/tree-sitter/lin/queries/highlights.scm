; LIN highlights. Capture names are those Helix, Zed and nvim-treesitter all know.

(key) @keyword
(value) @string
"|" @punctuation.delimiter
(comment_line) @comment
