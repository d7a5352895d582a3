"""A language-server client for the scripts: `kibitzer lsp` (or any command speaking LSP over
standard input and output) as a child process, spoken to one request at a time.

Used by scripts/editor_answers.py and scripts/windows_agreement.py.
"""

import json
import subprocess
import time


class LspClient:
    """A server child: requests answered in turn, the diagnostics it publishes kept by URI as
    `(version, diagnostics)`, and its own requests (configuration, registration) answered empty."""

    def __init__(self, command):
        self.child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.DEVNULL)
        self.next_id = 0
        self.published = {}

    def send(self, message):
        body = json.dumps(message).encode()
        self.child.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.child.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.child.stdout.readline()
            if not line:
                raise RuntimeError("the server ended")
            if not line.strip():
                break
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value)
        return json.loads(self.child.stdout.read(length))

    def request(self, method, params):
        """The result of the request, or `{"error": ...}` when the server refused it."""
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            message = self.read()
            if message.get("method") == "textDocument/publishDiagnostics":
                params = message["params"]
                self.published[params["uri"]] = (params.get("version"), params["diagnostics"])
            elif message.get("id") == self.next_id and "method" not in message:
                return message.get("result", {"error": message.get("error")})
            elif "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, uri, seconds=60):
        """`(version, diagnostics)` last published for `uri`, waiting up to `seconds` for a
        first publish (asking a hover meanwhile, so that messages keep being read)."""
        deadline = time.time() + seconds
        while uri not in self.published and time.time() < deadline:
            self.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                "position": {"line": 0, "character": 0}})
            time.sleep(0.2)
        return self.published.get(uri)

    def close(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.child.wait(timeout=30)
