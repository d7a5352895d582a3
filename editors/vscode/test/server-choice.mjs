// Which server the extension starts, decided by src/server.ts's findServer in a scratch
// extension folder: the setting first (a bare name is looked up on PATH), then the bundled
// native program, then the WebAssembly one; a `kibitzer` on PATH only when the setting names
// it; `kibitzer.server.webAssembly` prefers the WebAssembly server. Plain Node, no VS Code.
import assert from "node:assert/strict";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "kibitzer-server-choice-"));
const bundle = path.join(scratch, "server.cjs");
await esbuild.build({
  entryPoints: [path.join(here, "..", "src", "server.ts")],
  bundle: true,
  platform: "node",
  format: "cjs",
  outfile: bundle,
  logLevel: "error",
});
const { findServer, ServerNotFound, bundledRelativePath, WASM_SERVER } = createRequire(import.meta.url)(bundle);

const exe = process.platform === "win32" ? "kibitzer.exe" : "kibitzer";
function program(file) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "#!/bin/sh\n");
  fs.chmodSync(file, 0o755);
  return file;
}
const ext = path.join(scratch, "extension");
const onPath = path.join(scratch, "bin");
const pathProgram = program(path.join(onPath, exe));
const env = { PATH: onPath };
const wasm = path.join(ext, WASM_SERVER);
fs.mkdirSync(path.dirname(wasm), { recursive: true });
fs.writeFileSync(wasm, "");
const cases = [];
function check(name, run) {
  run();
  cases.push(name);
}

check("with only the WebAssembly server, it is chosen over a kibitzer on PATH", () => {
  assert.deepEqual(findServer("", ext, undefined, env), { command: wasm, source: "wasm" });
});
check("a setting naming `kibitzer` finds the one on PATH", () => {
  assert.deepEqual(findServer("kibitzer", ext, undefined, env), { command: pathProgram, source: "setting" });
});
const bundled = program(path.join(ext, bundledRelativePath()));
check("the bundled native program comes before the WebAssembly one", () => {
  assert.deepEqual(findServer("", ext, undefined, env), { command: bundled, source: "bundled" });
});
check("kibitzer.server.webAssembly prefers the WebAssembly server", () => {
  assert.deepEqual(findServer("", ext, undefined, env, true), { command: wasm, source: "wasm" });
});
check("the setting comes first, even with the WebAssembly preference", () => {
  assert.deepEqual(findServer(pathProgram, ext, undefined, env, true), { command: pathProgram, source: "setting" });
});
check("a setting naming nothing that exists is refused, not passed over", () => {
  assert.throws(() => findServer(path.join(scratch, "none"), ext, undefined, env), ServerNotFound);
});
fs.rmSync(path.join(ext, "server"), { recursive: true });
check("with no server at all, the message says how to name one", () => {
  assert.throws(() => findServer("", ext, undefined, env), (e) => e instanceof ServerNotFound && /kibitzer\.server\.path/.test(e.message));
});
fs.rmSync(scratch, { recursive: true });
console.log(`server choice: ${cases.length} cases pass`);
for (const name of cases) {
  console.log(`  ok  ${name}`);
}
