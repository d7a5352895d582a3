#!/usr/bin/env python3
"""The Windows program under Wine against the Linux program (run by scripts/test-windows.sh).

Each step prints `ok` or what differs; the script exits 1 when any step failed.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

from lsp_client import LspClient

failures = []


def windows_path(path):
    """`path` as a Windows program under Wine names it: drive Z: is the Unix root."""
    return "Z:" + str(Path(path).resolve()).replace("/", "\\")


def report(name, problems):
    if problems:
        failures.append(name)
        print(f"FAIL {name}")
        for problem in problems[:10]:
            print(f"     {problem}")
    else:
        print(f"ok   {name}")


class Programs:
    def __init__(self, args):
        self.wine, self.exe, self.linux = args.wine, args.exe, args.linux

    def windows(self, *arguments, stdin=None):
        return subprocess.run([self.wine, self.exe, *arguments], input=stdin,
                              capture_output=True, timeout=600)

    def native(self, *arguments, stdin=None):
        return subprocess.run([self.linux, *arguments], input=stdin, capture_output=True,
                              timeout=600)


def findings_by_file(output, root):
    """The JSON report's files, keyed by their path below `root` (either system's spelling)."""
    out = {}
    for entry in json.loads(output)["files"]:
        path = entry.pop("path").replace("\\", "/")
        key = path[path.index(root) + len(root):] if root in path else path
        out[key] = entry
    return out


def check_corpus(programs, corpus):
    """Step 1: the findings on every corpus file."""
    args = ("check", "--output-format", "json", "--min-severity", "hint")
    native = programs.native(*args, str(corpus))
    windows = programs.windows(*args, windows_path(corpus))
    root = corpus.resolve().name + "/"
    a = findings_by_file(native.stdout, root)
    b = findings_by_file(windows.stdout, root)
    problems = [f"{name}: the Windows program finds otherwise" for name in sorted(a)
                if a[name] != b.get(name)]
    problems += [f"{name}: only the Windows program read it" for name in sorted(set(b) - set(a))]
    if native.returncode != windows.returncode:
        problems.append(f"exit {windows.returncode}, Linux {native.returncode}")
    report(f"check: {len(a)} corpus files, the same findings", problems or ([] if a else ["none"]))


def fmt_in_place(programs, work):
    """Step 2: fmt rewrites a file in place (CRLF kept); fmt --check then passes it."""
    messy = ('[event "club night"]\r\n[Board "1"]\r\n[Dealer "N"]\r\n[Vulnerable "none"]\r\n'
             '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\r\n'
             '[Auction "N"]\r\n1NT Pass Pass Pass\r\n').encode()
    target = work / "club night.pbn"
    target.write_bytes(messy)
    done = programs.windows("fmt", windows_path(target))
    expected = programs.native("fmt", "-", stdin=messy).stdout
    problems = [] if expected != messy else ["the test file needs no formatting"]
    if done.returncode != 0:
        problems.append(f"fmt exit {done.returncode}: {done.stderr.decode(errors='replace')}")
    if target.read_bytes() != expected:
        problems.append(f"in place: {target.read_bytes()!r} != {expected!r}")
    if b"\r\n" not in target.read_bytes():
        problems.append("the CRLF line ends were not kept")
    left = [p.name for p in work.iterdir() if p.name.startswith("club night") and p != target]
    if left:
        problems.append(f"left behind: {left}")
    again = programs.windows("fmt", "--check", windows_path(target))
    if again.returncode != 0:
        problems.append(f"fmt --check after fmt: exit {again.returncode}")
    report("fmt in place, the Windows way (atomic replace), CRLF kept", problems)


def convert_and_dd(programs, corpus, work):
    """Step 3: convert and dd write what the Linux program writes."""
    source = sorted(corpus.rglob("*.pbn"))[0]
    problems = []
    for to in ("rbn", "lin", "dup"):
        out = work / f"converted.{to}"
        done = programs.windows("convert", windows_path(source), "--to", to,
                                "-o", windows_path(out))
        native = programs.native("convert", str(source), "--to", to, "-o", "-")
        if done.returncode != 0 or not out.exists() or out.read_bytes() != native.stdout:
            problems.append(f"convert --to {to}: exit {done.returncode}, "
                            f"{done.stderr.decode(errors='replace')[:200]}")
    deal = work / "one.pbn"
    deal.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
                    '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]\n')
    windows = programs.windows("dd", "--format", "json", windows_path(deal))
    native = programs.native("dd", "--format", "json", str(deal))
    a, b = json.loads(native.stdout), json.loads(windows.stdout)
    strip = lambda report: json.dumps(report, sort_keys=True).replace(str(deal), "").replace(
        windows_path(deal).replace("\\", "\\\\"), "")
    if strip(a) != strip(b):
        problems.append(f"dd: {windows.stdout[:300]!r} != {native.stdout[:300]!r}")
    report("convert (rbn, lin, dup) and dd as on Linux", problems)


def notepad_file(programs, corpus, work):
    """Step 4: a Notepad file (UTF-16 LE with its mark, CRLF) reads as on Linux."""
    text = sorted(corpus.rglob("*.pbn"))[0].read_bytes().decode("utf-8", errors="replace")
    text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    path = work / "notepad.pbn"
    path.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
    args = ("check", "--output-format", "json", "--min-severity", "hint")
    a = json.loads(programs.native(*args, str(path)).stdout)["files"][0]
    b = json.loads(programs.windows(*args, windows_path(path)).stdout)["files"][0]
    a.pop("path"), b.pop("path")
    report("a UTF-16 CRLF file from Notepad reads as on Linux",
           [] if a == b and a["encoding"].startswith("utf-16") else [f"{b} != {a}"])


def editor_session(programs, corpus):
    """Step 5: an editor session with Windows URIs answers as the Linux program's does."""
    uri = "file:///c%3A/deals/club%20night.pbn"
    text = ('[Board "1"]\r\n[Dealer "N"]\r\n[Vulnerable "None"]\r\n'
            '[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.764"]\r\n'
            '[Auction "N"]\r\nP 1N P P\r\nP\r\n')
    unopened = sorted(corpus.rglob("*.lin"))[0]
    unopened_uri = "file:///z%3A" + str(unopened.resolve()).replace(" ", "%20")
    answers = []
    for command in ([programs.linux, "lsp"], [programs.wine, programs.exe, "lsp"]):
        session = LspClient(command)
        session.request("initialize", {"capabilities": {}, "initializationOptions": {
            "doubleDummy": {"enabled": False}, "diagnostics": {"debounceMs": 0}}})
        session.notify("initialized", {})
        session.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "pbn", "version": 1, "text": text}})
        doc = {"textDocument": {"uri": uri}}
        found = session.diagnostics(uri)
        found = found and found[1]
        hover = session.request("textDocument/hover", {**doc, "position": {"line": 3, "character": 12}})
        formatted = session.request("textDocument/formatting", {**doc, "options": {
            "tabSize": 2, "insertSpaces": True}})
        converted = session.request("workspace/executeCommand", {
            "command": "kibitzer.convert", "arguments": [unopened_uri, "pbn"]})
        session.close()
        answers.append((found, hover, formatted, converted))
    linux, windows = answers
    problems = []
    if not windows[0]:
        problems.append("no diagnostics published for the c: document")
    # The unopened file is read by each program from its own spelling of the path: only the
    # Windows one is asked through a z: URI, so the Linux answer is what reading it gives.
    linux_converted = programs.native("convert", str(unopened), "--to", "pbn", "-o", "-").stdout
    names = ("diagnostics", "hover", "formatting")
    problems += [f"{name} differs" for name, a, b in zip(names, linux, windows) if a != b]
    text_of = windows[3].get("text", "") if isinstance(windows[3], dict) else ""
    if text_of.encode() != linux_converted:
        problems.append(f"kibitzer.convert of a z: URI: {str(windows[3])[:200]}")
    report("an editor session with Windows URIs (c: open, z: read) answers as on Linux", problems)


def main():
    parser = argparse.ArgumentParser()
    for name in ("wine", "exe", "linux", "corpus", "work"):
        parser.add_argument(f"--{name}", required=True)
    args = parser.parse_args()
    programs = Programs(args)
    corpus, work = Path(args.corpus), Path(args.work)
    check_corpus(programs, corpus)
    fmt_in_place(programs, work)
    convert_and_dd(programs, corpus, work)
    notepad_file(programs, corpus, work)
    editor_session(programs, corpus)
    if failures:
        print(f"\n{len(failures)} step(s) failed: {', '.join(failures)}")
        sys.exit(1)
    print("\nthe Windows program agrees with the Linux program")


if __name__ == "__main__":
    main()
