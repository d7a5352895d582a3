// Builds the extension into out/: copies the TextMate grammars from the repository's syntaxes/
// (the one source of truth; never edit the copy), bundles the client with esbuild, and bundles
// the test modules that run inside VS Code's extension host.
//   node scripts/build.mjs            build once
//   node scripts/build.mjs --release  minified client, no test bundles (used by package.mjs)
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
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
await esbuild.build({
  ...common,
  entryPoints: [join(ext, "src", "extension.ts")],
  outfile: join(ext, "out", "extension.js"),
  minify: release,
});
// The board preview's page runs in a webview (a browser), not in Node.
await esbuild.build({
  bundle: true,
  platform: "browser",
  format: "iife",
  target: "es2022",
  logLevel: "warning",
  sourcemap: !release,
  minify: release,
  entryPoints: [join(ext, "src", "webview", "preview.ts")],
  outfile: join(ext, "out", "webview", "preview.js"),
});
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
console.log(`built ${join(ext, "out")}${release ? " (release)" : ""}`);
