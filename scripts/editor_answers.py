#!/usr/bin/env python3
"""Every editor answer of a `kibitzer lsp` over a set of files, as JSON lines, so that two
builds can be compared: a restructuring that changes no behaviour gives the same lines.

    python3 scripts/editor_answers.py BINARY FILE... > answers.jsonl
    diff <(python3 scripts/editor_answers.py old/kibitzer files...) \
         <(python3 scripts/editor_answers.py new/kibitzer files...)

Each file is opened, and its diagnostics, outline, folding, colours, inlay hints, formatting and
fix-all are asked for, then hover, completion, definition and code actions at places spread over
it (the start, a third, a half and the end of every nth line). Double dummy is off (its tables
arrive when the solver is done, not in a fixed order).
"""

import json
import sys
from pathlib import Path
from urllib.parse import quote

from lsp_client import LspClient

LANGUAGES = {".pbn": "pbn", ".rbn": "rbn", ".rbx": "rbn", ".lin": "lin", ".dlm": "dlm",
             ".dup": "dup", ".bri": "bri", ".dge": "dge"}


def places(text, step):
    out = []
    for number, line in enumerate(text.splitlines()[::step]):
        width = len(line.encode("utf-16-le")) // 2
        for character in sorted({0, width // 3, width // 2, max(width - 1, 0)}):
            out.append({"line": number * step, "character": character})
    return out


def main():
    binary, files = sys.argv[1], sys.argv[2:]
    server = LspClient([binary, "lsp"])
    server.request("initialize", {"capabilities": {}, "initializationOptions": {
        "doubleDummy": {"enabled": False, "playAnalysis": False},
        "diagnostics": {"debounceMs": 0}}})
    server.notify("initialized", {})
    for version, name in enumerate(files, start=1):
        path = Path(name).resolve()
        raw = path.read_bytes()
        text = raw.decode("latin-1") if path.suffix.lower() in (".dup", ".bri", ".dge") \
            else raw.decode("utf-8", errors="replace")
        uri = "file://" + quote(str(path))
        language = LANGUAGES.get(path.suffix.lower(), "pbn")
        server.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": version, "text": text}})
        doc = {"textDocument": {"uri": uri}}
        lines = text.count("\n") + 1
        whole = {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}}
        answers = {}
        for method, params in [
            ("textDocument/documentSymbol", doc),
            ("textDocument/foldingRange", doc),
            ("textDocument/semanticTokens/full", doc),
            ("textDocument/inlayHint", {**doc, "range": whole}),
            ("textDocument/formatting", {**doc, "options": {"tabSize": 2, "insertSpaces": True}}),
            ("textDocument/codeAction", {**doc, "range": whole, "context": {
                "diagnostics": [], "only": ["source.fixAll.kibitzer"]}}),
        ]:
            answers[method] = server.request(method, params)
        for position in places(text, max(lines // 15, 1)):
            at = {**doc, "position": position}
            spot = f'{position["line"]}:{position["character"]}'
            for method in ("textDocument/hover", "textDocument/completion",
                           "textDocument/definition"):
                answers[f"{method}@{spot}"] = server.request(method, at)
            answers[f"textDocument/codeAction@{spot}"] = server.request(
                "textDocument/codeAction", {**doc, "range": {"start": position, "end": position},
                                            "context": {"diagnostics": []}})
        # The last diagnostics published for the file (opening publishes them at once).
        answers["diagnostics"] = server.diagnostics(uri)
        server.notify("textDocument/didClose", doc)
        for method, answer in answers.items():
            print(json.dumps({"file": path.name, "ask": method, "answer": answer},
                             sort_keys=True))
    server.close()


if __name__ == "__main__":
    main()
