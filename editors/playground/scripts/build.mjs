// Builds the playground into target/playground/ at the repository's root (a folder of its
// own: cargo's "web" profile builds into target/web): the page, its scripts
// bundled by esbuild, the board viewer's stylesheet (VS Code's preview's own), and the
// WebAssembly that scripts/build-web.sh built. Any static file server serves the folder.
//   node scripts/build.mjs [--wasm PATH] [--out DIR]
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(here, "..", "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? resolve(process.argv[i + 1]) : fallback;
};
const targetDir = process.env.CARGO_TARGET_DIR ? resolve(repo, process.env.CARGO_TARGET_DIR) : join(repo, "target");
const out = arg("--out", join(targetDir, "playground"));
const wasm = arg("--wasm", join(targetDir, "wasm32-unknown-unknown", "web", "kibitzer.wasm"));

mkdirSync(out, { recursive: true });
const common = { bundle: true, platform: "browser", target: "es2022", minify: true, sourcemap: true, logLevel: "warning" };
await esbuild.build({ ...common, format: "iife", entryPoints: [join(here, "src", "main.ts")], outfile: join(out, "main.js") });
await esbuild.build({ ...common, format: "iife", entryPoints: [join(here, "src", "worker.ts")], outfile: join(out, "worker.js") });
for (const file of ["index.html", "playground.css", "sw.js"]) {
  copyFileSync(join(here, "src", file), join(out, file));
}
copyFileSync(join(repo, "editors", "vscode", "media", "preview.css"), join(out, "preview.css"));
copyFileSync(join(repo, "editors", "vscode", "media", "preview.svg"), join(out, "icon.svg"));
copyFileSync(wasm, join(out, "kibitzer.wasm"));
const size = readFileSync(join(out, "kibitzer.wasm")).length;
writeFileSync(join(out, "build.json"), JSON.stringify({ wasmBytes: size, built: new Date().toISOString() }, null, 2));
console.log(`built ${out} (kibitzer.wasm: ${(size / 1e6).toFixed(2)} MB)`);
