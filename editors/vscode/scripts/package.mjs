// Packages the extension to kibitzer-<target>-<version>.vsix in editors/vscode/ when a server
// binary is bundled, else to kibitzer-<version>.vsix; with --universal, always to the one
// kibitzer-<version>.vsix for every platform: the native server of this platform (when there
// is one) and the server compiled to WebAssembly, which the extension uses on every other
// platform (and VS Code for the web always). --no-native leaves the native server out (the
// tests use such a package to run the extension on the WebAssembly server alone).
//
// The server binary bundled is $KIBITZER_SERVER_BINARY when set, else the one `cargo build
// --release` just wrote: $CARGO_TARGET_DIR/release/kibitzer when CARGO_TARGET_DIR is set (never a
// stale <repo>/target binary then), <repo>/target/release/kibitzer otherwise. It is copied to server/<platform>-<arch>/ and the
// .vsix is then marked for that platform. Without one, the .vsix is universal and runs the
// WebAssembly server, or the program the `kibitzer.server.path` setting names.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ext = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(ext, "..", "..");
const manifest = JSON.parse(readFileSync(join(ext, "package.json"), "utf8"));
const exe = process.platform === "win32" ? "kibitzer.exe" : "kibitzer";

const universal = process.argv.includes("--universal");
const noNative = process.argv.includes("--no-native");
// --target <vsce target> (win32-x64, darwin-x64, darwin-arm64, linux-x64, linux-arm64,
// alpine-x64): a package for that platform, with $KIBITZER_SERVER_BINARY (built for it) as its
// server, as scripts/dist.sh makes them all on one machine.
const targetAt = process.argv.indexOf("--target");
const crossTarget = targetAt > 0 ? process.argv[targetAt + 1] : undefined;
/** The folder the extension looks in for a platform's server (`<platform>-<arch>`, as Node
 * names them: Alpine is Linux). */
const FOLDERS = {
  "win32-x64": "win32-x64",
  "darwin-x64": "darwin-x64",
  "darwin-arm64": "darwin-arm64",
  "linux-x64": "linux-x64",
  "linux-arm64": "linux-arm64",
  "alpine-x64": "linux-x64",
  "alpine-arm64": "linux-arm64",
};
if (crossTarget && (!FOLDERS[crossTarget] || !process.env.KIBITZER_SERVER_BINARY)) {
  console.error(`--target takes one of ${Object.keys(FOLDERS).join(", ")}, with KIBITZER_SERVER_BINARY set`);
  process.exit(1);
}

// The build copies the WebAssembly server into server/ (when it has been built).
rmSync(join(ext, "server"), { recursive: true, force: true });
execFileSync(process.execPath, [join(ext, "scripts", "build.mjs"), "--release"], { stdio: "inherit" });
const wasm = join(ext, "server", "kibitzer.wasm");
if (universal && !existsSync(wasm)) {
  console.error("a universal package needs the WebAssembly server: run scripts/build-web.sh (or set KIBITZER_WASM)");
  process.exit(1);
}

const targetDir = process.env.CARGO_TARGET_DIR ? resolve(repo, process.env.CARGO_TARGET_DIR) : join(repo, "target");
const candidates = [process.env.KIBITZER_SERVER_BINARY, join(targetDir, "release", exe)].filter(Boolean);
const binary = noNative ? undefined : candidates.find((p) => existsSync(p));

/** Copies the native server into server/<platform>-<arch>/; that folder's name. */
function bundleNative(binary) {
  const platformDir = crossTarget ? FOLDERS[crossTarget] : `${process.platform}-${process.arch}`;
  const name = crossTarget ? (crossTarget.startsWith("win32") ? "kibitzer.exe" : "kibitzer") : exe;
  const dest = join(ext, "server", platformDir, name);
  mkdirSync(dirname(dest), { recursive: true });
  copyFileSync(binary, dest);
  chmodSync(dest, 0o755);
  try {
    // The release profile keeps line tables; users do not need them.
    execFileSync("strip", ["--strip-debug", dest], { stdio: "ignore" });
  } catch {
    // no strip here: ship it as it is
  }
  console.log(`bundling the server ${binary} as server/${platformDir}/${name}`);
  return platformDir;
}

const args = ["package", "--no-dependencies"];
const platformDir = binary ? bundleNative(binary) : undefined;
if (existsSync(wasm)) {
  console.log("bundling server/kibitzer.wasm (the server on every platform without a native one)");
}
if (universal || !platformDir) {
  args.push("--out", join(ext, `${manifest.name}-${manifest.version}.vsix`));
  if (!platformDir && !existsSync(wasm)) {
    console.warn(
      `no server binary found (looked at ${candidates.join(", ")}) and no WebAssembly server: packaging without one; ` +
        `users must set kibitzer.server.path (to "kibitzer" for the one on PATH)`,
    );
  }
} else {
  const target = crossTarget ?? { arm: `${process.platform}-armhf` }[process.arch] ?? platformDir;
  args.push("--target", target, "--out", join(ext, `${manifest.name}-${target}-${manifest.version}.vsix`));
}
const vsce = join(ext, "node_modules", "@vscode", "vsce", "vsce");
execFileSync(process.execPath, [vsce, ...args], { cwd: ext, stdio: "inherit" });
