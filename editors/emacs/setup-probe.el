;;; setup-probe.el --- probe of the Emacs set-up exactly as a user has it  -*- lexical-binding: t -*-
;; Run: PATH=dir-of-kibitzer:$PATH PBN=… RBN=… LIN=… DLM=… KIBITZER_MODE=…/kibitzer-mode.el \
;;   emacs --batch -l setup-probe.el
;; Does what the README tells a user to put in their init file, opens a PBN, an RBN, a LIN and a
;; DLM file, and checks their modes, colours and the server's diagnostics.

;; The user's init file:
(load (getenv "KIBITZER_MODE"))
(add-hook 'pbn-mode-hook #'eglot-ensure)
(add-hook 'rbn-mode-hook #'eglot-ensure)
(add-hook 'lin-mode-hook #'eglot-ensure)
(add-hook 'dlm-mode-hook #'eglot-ensure)

(load (expand-file-name "probe-common.el" (file-name-directory load-file-name)))
(setq probe-name "emacs set-up probe")
(defvar probe-diags nil)
(advice-add 'eglot-handle-notification :before
            (lambda (_server method &rest params)
              (when (eq method 'textDocument/publishDiagnostics)
                (setq probe-diags (plist-get params :diagnostics)))))

(defun probe-face-at (regexp group)
  (goto-char (point-min))
  (unless (re-search-forward regexp nil t) (probe-fail "no %s in %s" regexp (buffer-name)))
  (get-text-property (match-beginning group) 'face))

(dolist (case '(("PBN" pbn-mode "^\\[\\(Event\\)" 1 font-lock-keyword-face t)
                ("RBN" rbn-mode "^\\(H\\) " 1 font-lock-keyword-face t)
                ("LIN" lin-mode "\\(md\\)|" 1 font-lock-keyword-face t)
                ("DLM" dlm-mode "^\\(Checksum\\)=" 1 font-lock-variable-name-face t)))
  (pcase-let ((`(,variable ,mode ,regexp ,group ,face ,served) case))
    (setq probe-diags nil)
    (find-file (getenv variable))
    (unless (eq major-mode mode) (probe-fail "%s opened in %s" variable major-mode))
    (font-lock-ensure)
    (let ((found (probe-face-at regexp group)))
      (unless (eq found face) (probe-fail "%s: %s has face %s, not %s" variable regexp found face)))
    ;; eglot-ensure connects from the command loop, which batch mode never runs: run it here.
    (run-hooks 'post-command-hook)
    (if served
        (progn
          (probe-wait 10 (lambda () (eglot-current-server)) (format "the server for %s" variable))
          (probe-wait 10 (lambda () (and probe-diags (> (length probe-diags) 0)))
                      (format "%s diagnostics" variable))
          (princ (format "%s: %s, %s\n" variable major-mode
                         (plist-get (aref probe-diags 0) :message))))
      (when (eglot-current-server) (probe-fail "the server attached to a LIN file"))
      (princ (format "%s: %s, no server\n" variable major-mode)))))

(dolist (server (hash-table-values eglot--servers-by-project))
  (dolist (s server)
    (let ((proc (jsonrpc--process s)))
      (eglot-shutdown s)
      (probe-wait 10 (lambda () (not (process-live-p proc))) "the server to exit"))))
(princ "emacs set-up probe OK\n")
(kill-emacs 0)
