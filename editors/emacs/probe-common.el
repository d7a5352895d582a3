;;; probe-common.el --- what the Emacs probes share  -*- lexical-binding: t -*-
;; Failing with a message, and waiting for a condition. Each probe sets `probe-name' first.

(defvar probe-name "emacs probe" "The probe's name, for its failure messages.")

(defun probe-fail (fmt &rest args)
  (princ (concat probe-name " FAILED: " (apply #'format fmt args) "\n") #'external-debugging-output)
  (kill-emacs 1))

(defun probe-wait (secs pred what)
  (let ((deadline (+ (float-time) secs)))
    (while (and (not (funcall pred)) (< (float-time) deadline))
      (accept-process-output nil 0.05))
    (unless (funcall pred) (probe-fail "timed out waiting for %s" what))))

(provide 'probe-common)
