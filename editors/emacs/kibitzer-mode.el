;;; kibitzer-mode.el --- PBN, RBN, LIN and DLM files, with the Kibitzer language server  -*- lexical-binding: t -*-

;; Major modes for contract-bridge deal files: `pbn-mode' (Portable Bridge Notation), `rbn-mode'
;; (Richard's Bridge Notation), `lin-mode' (Bridge Base Online) and `dlm-mode' (Duplimate's
;; dealing-machine files), with syntax colours, and eglot set up to run `kibitzer lsp' for them.
;;
;; Install: put this file on your `load-path' (or give its full path) and add to your init file
;;
;;   (load "/path/to/kibitzer-mode.el")
;;   (add-hook 'pbn-mode-hook #'eglot-ensure)
;;   (add-hook 'rbn-mode-hook #'eglot-ensure)
;;   (add-hook 'lin-mode-hook #'eglot-ensure)
;;   (add-hook 'dlm-mode-hook #'eglot-ensure)
;;
;; `kibitzer' must be on `exec-path' (`cargo install --path .' puts it in ~/.cargo/bin).

;;; Code:

(require 'eglot)

(defgroup kibitzer nil
  "Contract-bridge deal files."
  :group 'languages)

(defcustom kibitzer-program "kibitzer"
  "The Kibitzer binary that `eglot' starts as the language server."
  :type 'string)

(defconst pbn-font-lock-keywords
  `(("^%.*$" . font-lock-preprocessor-face)
    ("^\\[\\([A-Za-z0-9_]+\\)" 1 font-lock-keyword-face)
    ("=[0-9]+=" . font-lock-constant-face)
    ("\\$[0-9]+" . font-lock-constant-face)
    ("\\^[ISRL]" . font-lock-warning-face)
    ("\\_<\\(?:Pass\\|AP\\|XX?\\|[1-7]\\(?:NT\\|[CDHS]\\)\\)\\_>" . font-lock-builtin-face))
  "Colours of PBN: escape lines, tag names, note references, NAGs, marks and calls.")

(defvar pbn-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?\{ "<" table)
    (modify-syntax-entry ?\} ">" table)
    (modify-syntax-entry ?\; "< b" table)
    (modify-syntax-entry ?\n "> b" table)
    table)
  "Strings in quotes, comments in braces or after a semicolon.")

;;;###autoload
(define-derived-mode pbn-mode prog-mode "PBN"
  "Major mode for Portable Bridge Notation files."
  :syntax-table pbn-mode-syntax-table
  (setq-local comment-start "{ ")
  (setq-local comment-end " }")
  (setq-local font-lock-defaults '(pbn-font-lock-keywords)))

(defconst rbn-font-lock-keywords
  `(("^%.*$" . font-lock-preprocessor-face)
    ("^{.*" . font-lock-comment-face)
    ("^\\([A-Za-z]\\) " 1 font-lock-keyword-face)
    ("^\\([0-9]\\) " 1 font-lock-constant-face))
  "Colours of RBN: `%' lines, paragraphs, field labels and note lines.")

;;;###autoload
(define-derived-mode rbn-mode prog-mode "RBN"
  "Major mode for Richard's Bridge Notation files."
  (setq-local font-lock-defaults '(rbn-font-lock-keywords t)))

(defconst lin-font-lock-keywords
  `(("\\([A-Za-z][A-Za-z]\\)|" 1 font-lock-keyword-face)
    ("|" . 'shadow))
  "Colours of LIN: two-letter keys and the bars between pairs.")

;;;###autoload
(define-derived-mode lin-mode prog-mode "LIN"
  "Major mode for Bridge Base Online LIN files."
  (setq-local font-lock-defaults '(lin-font-lock-keywords t)))

;; A DLM file is an INI text: `[Document]' and `Key=value' lines.
(defconst dlm-font-lock-keywords
  '(("^\\[\\([^]\n]*\\)\\]" 1 font-lock-keyword-face)
    ("^\\([^=\n]+\\)=" 1 font-lock-variable-name-face))
  "Colours of DLM: section names and keys.")

;;;###autoload
(define-derived-mode dlm-mode prog-mode "DLM"
  "Major mode for Duplimate's DLM dealing-machine files."
  (setq-local font-lock-defaults '(dlm-font-lock-keywords t)))

;;;###autoload
(progn
  (add-to-list 'auto-mode-alist '("\\.[pP][bB][nN]\\'" . pbn-mode))
  (add-to-list 'auto-mode-alist '("\\.[rR][bB][nN]\\'" . rbn-mode))
  (add-to-list 'auto-mode-alist '("\\.[lL][iI][nN]\\'" . lin-mode))
  (add-to-list 'auto-mode-alist '("\\.[dD][lL][mM]\\'" . dlm-mode)))

;; One server program for the four notations; it tells them apart by the language id eglot
;; sends, the mode's name without `-mode' (`pbn', `rbn', `lin', `dlm'). Set `kibitzer-program'
;; before loading this file to use another binary.
(dolist (mode '(pbn-mode rbn-mode lin-mode dlm-mode))
  (add-to-list 'eglot-server-programs `(,mode . (,kibitzer-program "lsp"))))

(provide 'kibitzer-mode)
;;; kibitzer-mode.el ends here
