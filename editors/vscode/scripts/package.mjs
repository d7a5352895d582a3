// Packages the extension to kibitzer-<version>.vsix (or kibitzer-<target>-<version>.vsix when a
// server binary is bundled) in editors/vscode/.
//
// The server binary bundled is $KIBITZER_SERVER_BINARY when set, else the one `cargo build
// --release` just wrote: $CARGO_TARGET_DIR/release/kibitzer when CARGO_TARGET_DIR is set (never a
// stale <repo>/target binary then), <repo>/target/release/kibitzer otherwise. It is copied to server/<platform>-<arch>/ and the
// .vsix is then marked for that platform. Without one, the .vsix is universal and uses the
// `kibitzer.server.path` setting or `kibitzer` on PATH.
import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ext = join(dirname(fileURLToPath(import.meta.url)), "..");
const repo = join(ext, "..", "..");
const manifest = JSON.parse(readFileSync(join(ext, "package.json"), "utf8"));
const exe = process.platform === "win32" ? "kibitzer.exe" : "kibitzer";

execFileSync(process.execPath, [join(ext, "scripts", "build.mjs"), "--release"], { stdio: "inherit" });

const targetDir = process.env.CARGO_TARGET_DIR
  ? resolve(repo, process.env.CARGO_TARGET_DIR)
  : join(repo, "target");
const candidates = [process.env.KIBITZER_SERVER_BINARY, join(targetDir, "release", exe)].filter(Boolean);
const binary = candidates.find((p) => existsSync(p));

rmSync(join(ext, "server"), { recursive: true, force: true });
const args = ["package", "--no-dependencies"];
if (binary) {
  const platformDir = `${process.platform}-${process.arch}`;
  const dest = join(ext, "server", platformDir, exe);
  mkdirSync(dirname(dest), { recursive: true });
  copyFileSync(binary, dest);
  chmodSync(dest, 0o755);
  try {
    // The release profile keeps line tables; users do not need them.
    execFileSync("strip", ["--strip-debug", dest], { stdio: "ignore" });
  } catch {
    // no strip here: ship it as it is
  }
  const target = { arm: `${process.platform}-armhf` }[process.arch] ?? platformDir;
  args.push("--target", target, "--out", join(ext, `${manifest.name}-${target}-${manifest.version}.vsix`));
  console.log(`bundling the server ${binary} as server/${platformDir}/${exe}`);
} else {
  args.push("--out", join(ext, `${manifest.name}-${manifest.version}.vsix`));
  console.warn(
    `no server binary found (looked at ${candidates.join(", ")}): packaging without one; ` +
      `users need kibitzer on PATH or kibitzer.server.path`,
  );
}
const vsce = join(ext, "node_modules", "@vscode", "vsce", "vsce");
execFileSync(process.execPath, [vsce, ...args], { cwd: ext, stdio: "inherit" });
