// The loop of a session's worker (src/wasm/serve.ts) with a stand-in for the WebAssembly
// session: a large opened text is handed apart from its message, answers are posted as the
// session's JSON text one message at a time, a large file's parts are asked for until the
// session is done, and they wait a moment after an outline while requests are answered at
// once. Plain Node, no VS Code.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "kibitzer-serve-loop-"));
const bundle = path.join(scratch, "serve.cjs");
await esbuild.build({
  entryPoints: [path.join(here, "..", "src", "wasm", "serve.ts")],
  bundle: true,
  platform: "node",
  format: "cjs",
  outfile: bundle,
  logLevel: "error",
});
const { serve, readPosted } = createRequire(import.meta.url)(bundle);
fs.rmSync(scratch, { recursive: true, force: true });

/** A session that checks `parts` parts, one per empty batch, after a file is opened. */
function standIn() {
  const session = {
    batches: [],
    handed: [],
    parts: 0,
    handText(text) {
      session.handed.push(text);
      return session.handed.length - 1;
    },
    handle(text) {
      const batch = JSON.parse(text);
      session.batches.push({ at: Date.now(), batch });
      if (batch.length === 0) {
        session.parts -= 1;
      }
      const out = [];
      for (const message of batch) {
        if (message.method === "textDocument/didOpen") {
          session.parts = 3;
        }
        if (message.id !== undefined) {
          out.push(JSON.stringify({ jsonrpc: "2.0", id: message.id, result: { said: "two\nlines" } }));
        }
      }
      return out;
    },
    busy: () => session.parts > 0,
  };
  return session;
}

function start() {
  const session = standIn();
  const posted = [];
  let deliver;
  serve({ post: (m) => posted.push({ at: Date.now(), m }), listen: (h) => (deliver = h) }, Promise.resolve(session));
  return { session, posted, send: (m) => deliver(m) };
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const until = async (what, test, ms = 5000) => {
  const end = Date.now() + ms;
  while (!test()) {
    assert.ok(Date.now() < end, `waited for ${what}`);
    await sleep(5);
  }
};

// A large opened text goes apart; a small one stays in its message.
{
  const { session, posted, send } = start();
  await sleep(0);
  const large = "[Board \"1\"]\n".repeat(100_000);
  const textDocument = { uri: "file:///a.pbn", languageId: "pbn", version: 1 };
  send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { ...textDocument, text: large } } });
  await until("the opening", () => session.batches.length > 0);
  const opened = session.batches[0].batch[0];
  assert.equal(opened.params.textDocument.text, "");
  assert.equal(session.handed[opened.params.kibitzerHandedText], large);
  assert.deepEqual({ ...opened.params.textDocument, text: undefined }, { ...textDocument, text: undefined });
  // The parts are asked for, one empty batch each, until the session is done.
  await until("the parts", () => !session.busy());
  assert.equal(session.batches.filter((b) => b.batch.length === 0).length, 3);
  send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { ...textDocument, uri: "file:///b.pbn", text: "small" } } });
  const second = () => session.batches.map((b) => b.batch[0]).find((m) => m?.params?.textDocument?.uri === "file:///b.pbn");
  await until("the second opening", () => second() !== undefined);
  assert.equal(second().params.textDocument.text, "small");
  assert.equal(session.handed.length, 1);
  assert.equal(posted.length, 0, "notifications answer nothing");
}

// Answers are posted as the session's text, each message apart, and read back by the client.
{
  const { posted, send } = start();
  await sleep(0);
  send({ jsonrpc: "2.0", id: 1, method: "textDocument/hover", params: {} });
  send({ jsonrpc: "2.0", id: 2, method: "textDocument/hover", params: {} });
  await until("two answers", () => posted.length === 2);
  assert.ok(posted.every((p) => typeof p.m === "string"));
  assert.deepEqual(posted.map((p) => readPosted(p.m).id), [1, 2]);
  assert.equal(readPosted(posted[0].m).result.said, "two\nlines");
  assert.deepEqual(readPosted({ jsonrpc: "2.0", id: 3 }), { jsonrpc: "2.0", id: 3 }, "a value is read as it is");
}

// After an outline answered while a large file is checked, the parts wait; requests do not.
{
  const { session, posted, send } = start();
  await sleep(0);
  send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri: "file:///c.pbn", languageId: "pbn", version: 1, text: "x" } } });
  send({ jsonrpc: "2.0", id: 7, method: "textDocument/documentSymbol", params: {} });
  await until("the outline", () => posted.length === 1);
  const answered = posted[0].at;
  await sleep(200);
  const asked = Date.now();
  send({ jsonrpc: "2.0", id: 8, method: "textDocument/hover", params: {} });
  await until("the hover", () => posted.length === 2);
  assert.ok(posted[1].at - asked < 200, `a request waited ${posted[1].at - asked} ms behind the pause`);
  await until("the parts", () => !session.busy());
  const firstPart = session.batches.find((b) => b.batch.length === 0).at;
  assert.ok(firstPart - answered >= 1400, `a part ${firstPart - answered} ms after the outline`);
}

console.log("ok   serve loop: texts handed apart, answers as text, parts after an outline wait");
