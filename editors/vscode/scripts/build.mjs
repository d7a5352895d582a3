// Builds the extension into out/: copies the TextMate grammars from the repository's syntaxes/
// (the one source of truth; never edit the copy), bundles the client with esbuild, and bundles
// the test modules that run inside VS Code's extension host.
//   node scripts/build.mjs            build once
//   node scripts/build.mjs --release  minified client, no test bundles (used by package.mjs)
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ext = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(ext, "..", "..");
const release = process.argv.includes("--release");

mkdirSync(join(ext, "syntaxes"), { recursive: true });
for (const grammar of ["pbn.tmLanguage.json", "rbn.tmLanguage.json", "lin.tmLanguage.json"]) {
  copyFileSync(join(repo, "syntaxes", grammar), join(ext, "syntaxes", grammar));
}

rmSync(join(ext, "out"), { recursive: true, force: true });
const common = {
  bundle: true,
  external: ["vscode"],
  platform: "node",
  format: "cjs",
  target: "node18",
  sourcemap: true,
  logLevel: "warning",
};
// The desktop extension, and the worker thread that runs the WebAssembly server where no native
// server is packaged.
await esbuild.build({
  ...common,
  entryPoints: {
    extension: join(ext, "src", "extension.ts"),
    "wasm/server-node": join(ext, "src", "wasm", "server-node.ts"),
  },
  outdir: join(ext, "out"),
  minify: release,
});
// The board preview's page runs in a webview (a browser), not in Node; the WebAssembly
// server's worker for VS Code for the web runs in a browser too.
await esbuild.build({
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "es2022",
  logLevel: "warning",
  sourcemap: !release,
  minify: release,
  entryPoints: {
    "webview/preview": join(ext, "src", "webview", "preview.ts"),
    "wasm/server-browser": join(ext, "src", "wasm", "server-browser.ts"),
  },
  outdir: join(ext, "out"),
});
// VS Code for the web: the extension runs in a web worker (CommonJS, no Node), its server in
// workers of its own (above).
await esbuild.build({
  ...common,
  platform: "browser",
  entryPoints: [join(ext, "src", "web", "extension.ts")],
  outfile: join(ext, "out", "web", "extension.js"),
  minify: release,
});
// The server compiled to WebAssembly (scripts/build-web.sh builds it), beside the native ones.
const wasm = process.env.KIBITZER_WASM ?? join(process.env.CARGO_TARGET_DIR ? resolve(repo, process.env.CARGO_TARGET_DIR) : join(repo, "target"), "wasm32-unknown-unknown", "web", "kibitzer.wasm");
if (existsSync(wasm)) {
  mkdirSync(join(ext, "server"), { recursive: true });
  copyFileSync(wasm, join(ext, "server", "kibitzer.wasm"));
} else {
  console.warn(`no WebAssembly server at ${wasm} (scripts/build-web.sh builds it): the extension has none`);
}
if (!release) {
  await esbuild.build({
    ...common,
    entryPoints: {
      integration: join(ext, "test", "suite", "index.ts"),
      ui: join(ext, "test", "suite", "ui.ts"),
      packaged: join(ext, "test", "suite", "packaged.ts"),
    },
    outdir: join(ext, "out", "test"),
  });
}
if (!release) {
  // The suite VS Code's web worker extension host runs (no Node there).
  await esbuild.build({
    ...common,
    platform: "browser",
    entryPoints: { web: join(ext, "test", "suite", "web.ts") },
    outdir: join(ext, "out", "test"),
  });
}
console.log(`built ${join(ext, "out")}${release ? " (release)" : ""}`);
