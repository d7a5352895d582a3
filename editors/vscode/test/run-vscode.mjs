// Runs the extension's test suites inside a real VS Code: the VS Code server bundled with
// code-server (started with the smoke-test driver), opened in headless Chromium through
// Playwright. Each suite (out/test/<suite>.js) runs in the extension host; its exit code comes
// back through window.codeAutomationExit. The "ui" suite also asks this driver for screenshots,
// which land in test-artifacts/.
//
// Environment (scripts/test-vscode.sh sets it):
//   CODE_SERVER   the code-server package folder (…/node_modules/code-server)
//   NODE24        the Node 24 binary code-server needs
//   CHROMIUM      the Chromium binary
//   KIBITZER_BIN  the kibitzer binary the tests use (as kibitzer.server.path)
//   ARTIFACTS     where screenshots and logs go (default: editors/vscode/test-artifacts)
//   SUITES        suites to run, comma-separated (default: integration,ui, and packaged when
//                 PACKAGED_EXT is set)
//   PACKAGED_EXT  the unpacked .vsix's extension/ folder, for the "packaged" suite
//   WASM_EXT      an unpacked .vsix with no native server: the suites run on it, with no server
//                 path set, so that the extension runs the server compiled to WebAssembly
//   SUITES=web    the extension in the web worker extension host (as in VS Code for the web),
//                 on the WebAssembly server; alone in its session
//   SUITE_TIMEOUT seconds per suite (default 240)
import { execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as http from "node:http";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const ext = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const need = (name) => {
  const v = process.env[name];
  if (!v) {
    console.error(`run-vscode: ${name} is not set`);
    process.exit(2);
  }
  return v;
};
const CODE_SERVER = need("CODE_SERVER");
const NODE24 = need("NODE24");
const CHROMIUM = need("CHROMIUM");
const KIBITZER_BIN = need("KIBITZER_BIN");
const ARTIFACTS = process.env.ARTIFACTS || path.join(ext, "test-artifacts");
const PACKAGED_EXT = process.env.PACKAGED_EXT;
const WASM_EXT = process.env.WASM_EXT;
const SUITES = (process.env.SUITES || (PACKAGED_EXT ? "integration,ui,packaged" : "integration,ui")).split(",").filter(Boolean);
// The web suite runs the extension where VS Code for the web does: in the web worker extension
// host, which `remote.extensionKind` sends it to (a setting of the whole session, so the web
// suite runs in a session of its own).
const WEB_HOST = SUITES.includes("web");
if (WEB_HOST && SUITES.length > 1) {
  console.error("run-vscode: the web suite runs alone (SUITES=web)");
  process.exit(2);
}
const SUITE_TIMEOUT = Number(process.env.SUITE_TIMEOUT || 240) * 1000;

const say = (line) => console.log(`[run-vscode] ${line}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function httpOk(url) {
  return new Promise((resolve) => {
    const req = http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode !== undefined && res.statusCode < 500);
    });
    req.on("error", () => resolve(false));
    req.setTimeout(2000, () => {
      req.destroy();
      resolve(false);
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function writeJson(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(value, null, 2));
}

/** Process ids whose process group is `pgid` (Linux /proc). */
function groupMembers(pgid) {
  const out = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") out.push(Number(entry));
    } catch {
      // gone
    }
  }
  return out;
}

/** Language server processes (any kibitzer binary) in the process group `pgid`. */
function languageServers(pgid) {
  return groupMembers(pgid).filter((pid) => {
    try {
      return path.basename(fs.readlinkSync(`/proc/${pid}/exe`)).startsWith("kibitzer");
    } catch {
      return false;
    }
  });
}

async function killGroup(pgid) {
  for (const [signal, wait] of [["SIGTERM", 3000], ["SIGKILL", 2000]]) {
    if (groupMembers(pgid).length === 0) return true;
    try {
      process.kill(-pgid, signal);
    } catch {
      // already gone
    }
    const until = Date.now() + wait;
    while (Date.now() < until && groupMembers(pgid).length > 0) await sleep(100);
  }
  return groupMembers(pgid).length === 0;
}

/** Drags the bottom edge of the visible hover down by `by` pixels. */
async function growHover(page, by) {
  const box = await page.evaluate(() => {
    const hover = [...document.querySelectorAll(".monaco-resizable-hover, .monaco-hover")].find((h) => h.getBoundingClientRect().height > 0);
    if (!hover) return undefined;
    const r = hover.getBoundingClientRect();
    return { x: r.x + r.width / 2, bottom: r.y + r.height };
  });
  if (!box) return;
  await page.mouse.move(box.x, box.bottom - 1);
  await page.mouse.down();
  await page.mouse.move(box.x, box.bottom + by / 2, { steps: 5 });
  await page.mouse.move(box.x, box.bottom + by, { steps: 5 });
  await page.mouse.up();
  await sleep(300);
}

/** The frame of the board preview's page (a webview), when one is open. */
async function previewFrame(page) {
  for (const frame of page.frames()) {
    try {
      if (await frame.$("#board")) return frame;
    } catch {
      // a frame that went away meanwhile
    }
  }
  return undefined;
}

/** Types and presses keys as a user would: in the board preview, or wherever the focus is. */
async function useKeyboard(page, request) {
  if (request.target === "preview") {
    const frame = await previewFrame(page);
    if (!frame) throw new Error("no board preview to press keys in");
    // The title's corner holds no control that a click would trigger.
    await frame.click("h1", { position: { x: 2, y: 2 } });
  }
  if (request.type) await page.keyboard.type(request.type, { delay: 40 });
  for (const key of request.keys ?? []) {
    await page.keyboard.press(key);
    await sleep(120);
  }
  await sleep(400);
}

/** What the board preview shows: its text and the theme kind it was drawn in. */
async function previewFacts(page) {
  const frame = await previewFrame(page);
  if (!frame) return { previewText: "", previewTheme: "" };
  return frame.evaluate(() => ({
    previewText: document.getElementById("board")?.innerText ?? "",
    previewTheme: document.body.className,
  }));
}

/** Watches the breadcrumbs (no screenshots, every 25 ms) until they hold the request's text,
 * and answers when they did, by this machine's clock (the suite's too). */
async function watchBreadcrumbs(page, dir, name, request) {
  const until = Date.now() + (request.timeoutMs ?? 30_000);
  while (Date.now() < until) {
    const breadcrumbs = await page
      .evaluate(() => [...document.querySelectorAll(".breadcrumbs-control .monaco-breadcrumb-item")].map((e) => e.textContent ?? "").join(" › "))
      .catch(() => "");
    if (breadcrumbs.includes(request.watchBreadcrumbs)) {
      writeJson(path.join(dir, `${name}.answer.json`), { seenAt: Date.now(), breadcrumbs });
      return;
    }
    await sleep(25);
  }
  say(`breadcrumbs never showed "${request.watchBreadcrumbs}"`);
}

/** Serves the ui suite's screenshot requests until `stop` is set. */
async function serveSnapshots(page, ws, state) {
  const dir = path.join(ws, ".ui");
  while (!state.stop) {
    let requests = [];
    try {
      requests = fs.readdirSync(dir).filter((f) => f.endsWith(".request.json"));
    } catch {
      // not yet
    }
    for (const req of requests) {
      const name = req.replace(/\.request\.json$/, "");
      let request = {};
      try {
        request = JSON.parse(fs.readFileSync(path.join(dir, req), "utf8"));
      } catch {
        // an empty request
      }
      fs.rmSync(path.join(dir, req), { force: true });
      if (request.watchBreadcrumbs) {
        await watchBreadcrumbs(page, dir, name, request);
        continue;
      }
      await sleep(300);
      if (request.growHover) {
        // A hover opens at most about 250 px tall; a user drags its bottom edge to see more.
        await growHover(page, request.growHover);
      }
      let keyboardError = "";
      if (request.type || request.keys) {
        await useKeyboard(page, request).catch((e) => (keyboardError = String(e)));
      }
      const shot = path.join(ARTIFACTS, `${name}.png`);
      await page.screenshot({ path: shot });
      const facts = await page.evaluate(() => {
        const lines = document.querySelector(".editor-instance .view-lines, .monaco-editor .view-lines");
        const classes = new Set();
        if (lines) {
          for (const span of lines.querySelectorAll("span[class*='mtk']")) {
            for (const c of span.classList) if (/^mtk\d+$/.test(c)) classes.add(c);
          }
        }
        const hovers = [...document.querySelectorAll(".monaco-hover")].filter((h) => {
          const r = h.getBoundingClientRect();
          return r.width > 0 && r.height > 0 && getComputedStyle(h).visibility !== "hidden";
        });
        // A hover whose content is taller than the hover itself needs scrolling to be read.
        const overflowing = hovers.flatMap((h) =>
          [h, ...h.querySelectorAll("*")].filter((e) => {
            const overflow = getComputedStyle(e).overflowY;
            return overflow !== "visible" && e.scrollHeight > e.clientHeight + 2;
          }),
        );
        const scrolls = overflowing.length > 0;
        // Which element needs scrolling, and by how much (for the test's message).
        const hoverOverflow = overflowing.map(
          (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join(".")} ${e.scrollHeight}>${e.clientHeight}`,
        );
        return {
          tokenClasses: classes.size,
          errorSquiggles: document.querySelectorAll(".monaco-editor .squiggly-error").length,
          hoverText: hovers.map((h) => h.innerText).join("\n"),
          hoverScrolls: scrolls,
          hoverOverflow,
          // The inlay hints drawn in the visible editor lines (VS Code draws them as spans with
          // a class of their own and the label in their text or in a ::before/::after content).
          inlayHints: [...document.querySelectorAll(".monaco-editor .view-lines [class*='dyn-rule'], .monaco-editor .view-lines [class*='inlay']")]
            .map((e) => (e.textContent || getComputedStyle(e, "::before").content || getComputedStyle(e, "::after").content || "").replace(/^"|"$/g, ""))
            .filter((t) => t && t !== "none")
            .slice(0, 200),
          outputChannels: [...document.querySelectorAll("option")].map((o) => o.textContent ?? ""),
          // The titles of the settings the Settings editor shows ("Check: Problems Shown").
          settingTitles: [...document.querySelectorAll(".settings-editor .setting-item-title")]
            .map((e) => e.innerText.replace(/\s+/g, " ").trim())
            .filter((t) => t),
          // The rows of the suggestion list when it is open (label first, then its detail).
          suggestions: [...document.querySelectorAll(".suggest-widget.visible .monaco-list-row")]
            .map((row) => row.innerText.replace(/\s+/g, " ").trim())
            .filter((t) => t),
        };
      });
      Object.assign(facts, await previewFacts(page), { keyboardError });
      writeJson(path.join(dir, `${name}.answer.json`), { screenshot: shot, ...facts });
      say(`screenshot ${shot}: ${JSON.stringify(facts).slice(0, 300)}`);
    }
    await sleep(150);
  }
}

async function runSuite(browser, port, pgid, workspaces, suite) {
  // The packaged suite loads the unpacked .vsix and a workspace that names no server.
  const packaged = suite === "packaged";
  if (packaged && !PACKAGED_EXT) throw new Error("the packaged suite needs PACKAGED_EXT");
  const ws = WASM_EXT
    ? suite === "ui" ? workspaces.uiPlain : workspaces.plain
    : packaged || suite === "web" ? workspaces.plain : suite === "ui" ? workspaces.ui : workspaces.main;
  const page = await browser.newPage({ viewport: { width: 1280, height: 960 } });
  const log = [];
  let resolveExit;
  const exited = new Promise((r) => (resolveExit = r));
  await page.exposeFunction("codeAutomationLog", (level, message) => {
    log.push(`${level}: ${message}`);
  });
  await page.exposeFunction("codeAutomationExit", (code) => resolveExit(code));
  page.on("pageerror", (e) => log.push(`pageerror: ${e.message}`));
  const remote = (p) => `vscode-remote://127.0.0.1:${port}${p}`;
  const payload = [
    ["extensionDevelopmentPath", remote(WASM_EXT ?? (packaged ? PACKAGED_EXT : ext))],
    ["extensionTestsPath", remote(path.join(ext, "out", "test", `${suite}.js`))],
  ];
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  const state = { stop: false };
  const snapshots = suite === "ui" ? serveSnapshots(page, ws, state) : Promise.resolve();
  const started = Date.now();
  say(`suite ${suite}: opening ${url}`);
  await page.goto(url);
  const code = await Promise.race([exited, sleep(SUITE_TIMEOUT).then(() => "timeout")]);
  if (suite === "web") {
    // What the web suite left on screen: the board preview beside a file, drawn by the
    // extension in the web worker host.
    await page.screenshot({ path: path.join(ARTIFACTS, "web-worker-host.png") }).catch(() => {});
  }
  state.stop = true;
  await snapshots;
  const results = path.join(ws, ".results", `${suite}.log`);
  if (fs.existsSync(results)) {
    process.stdout.write(fs.readFileSync(results, "utf8"));
  } else {
    // A suite with no file system (the web one) says its results on the console.
    const said = log.map((l) => l.replace(/^\w+: /, "")).filter((l) => /^(ok |FAIL|web: )/.test(l));
    process.stdout.write(said.map((l) => `${l}\n`).join(""));
  }
  fs.writeFileSync(path.join(ARTIFACTS, `${suite}-console.log`), log.join("\n") + "\n");
  if (code !== 0) {
    await page.screenshot({ path: path.join(ARTIFACTS, `${suite}-end.png`) }).catch(() => {});
    say(`suite ${suite} failed (exit ${code}); the workbench's log is in ${path.join(ARTIFACTS, `${suite}-console.log`)}`);
  }
  say(`suite ${suite}: exit ${code} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await page.close().catch(() => {});
  // The extension host has ended: the language servers it started must end with it.
  const until = Date.now() + 10_000;
  while (languageServers(pgid).length > 0 && Date.now() < until) await sleep(200);
  const left = languageServers(pgid);
  if (left.length > 0) {
    say(`suite ${suite}: language server processes outlived the extension host: ${left.join(" ")}`);
    for (const pid of left) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(" ");
        const fds = fs.readdirSync(`/proc/${pid}/fd`).map((fd) => {
          try {
            return `${fd}->${fs.readlinkSync(`/proc/${pid}/fd/${fd}`)}`;
          } catch {
            return fd;
          }
        });
        const threads = fs.readdirSync(`/proc/${pid}/task`).map((t) => {
          const comm = fs.readFileSync(`/proc/${pid}/task/${t}/comm`, "utf8").trim();
          const wchan = fs.readFileSync(`/proc/${pid}/task/${t}/wchan`, "utf8").trim();
          return `${comm}:${wchan}`;
        });
        say(`  ${pid}: parent ${stat[3]}, started at tick ${stat[21]}; threads ${threads.join(" ")}; fds ${fds.join(" ")}`);
        // Where each thread waits, when gdb is at hand (for a bug report).
        try {
          const { execFileSync } = await import("node:child_process");
          const stacks = execFileSync("gdb", ["-p", String(pid), "-batch", "-ex", "thread apply all bt 25"], { encoding: "utf8", timeout: 30_000, stdio: ["ignore", "pipe", "ignore"] });
          fs.writeFileSync(path.join(ARTIFACTS, `outlived-${pid}.txt`), stacks);
          say(`  ${pid}: stacks in ${path.join(ARTIFACTS, `outlived-${pid}.txt`)}`);
        } catch {
          // no gdb, or not allowed to attach
        }
      } catch (e) {
        say(`  ${pid}: ${e}`);
      }
    }
    return false;
  }
  return code === 0;
}

async function main() {
  fs.rmSync(ARTIFACTS, { recursive: true, force: true });
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kibitzer-vscode-"));
  const ws = path.join(tmp, "workspace");
  const data = path.join(tmp, "data");
  fs.cpSync(path.join(ext, "test", "fixtures"), ws, { recursive: true });
  const settings = {
    "files.autoSave": "off",
    "kibitzer.server.path": KIBITZER_BIN,
    "kibitzer.check.delayAfterTyping": 50,
    "workbench.startupEditor": "none",
    "workbench.tips.enabled": false,
    "workbench.colorTheme": "Dark Modern",
    "security.workspace.trust.enabled": false,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoCheckUpdates": false,
    "extensions.autoUpdate": "off",
    "chat.disableAIFeatures": true,
    "editor.fontSize": 15,
    "editor.minimap.enabled": false,
    "editor.hover.delay": 100,
    "editor.hover.above": false,
    "editor.stickyScroll.enabled": false,
    ...(WEB_HOST ? { "remote.extensionKind": { "kibitzer.kibitzer": ["web"] }, "extensions.webWorker": true } : {}),
  };
  // The web workbench has been seen to drop the user settings it read from the server's
  // data folder in the middle of a session, so the settings the tests depend on are the
  // workspace's (the tests change and restore only workspace values). The user settings carry
  // the rest, and no server path: the packaged suite's workspace must find the bundled one.
  writeJson(path.join(ws, ".vscode", "settings.json"), settings);
  const { ["kibitzer.server.path"]: _, ...withoutServer } = settings;
  for (const dir of [path.join(data, "User"), path.join(data, "Machine"), path.join(data, "data", "Machine")]) {
    writeJson(path.join(dir, "settings.json"), withoutServer);
  }
  // The ui suite gets a workspace of its own, so that no editor the integration suite left open
  // (and restored with the workspace) shows in the screenshots.
  const ui = path.join(tmp, "ui-workspace");
  fs.cpSync(path.join(ext, "test", "fixtures"), ui, { recursive: true });
  writeJson(path.join(ui, ".vscode", "settings.json"), settings);
  const plain = path.join(tmp, "plain-workspace");
  fs.cpSync(path.join(ext, "test", "fixtures"), plain, { recursive: true });
  writeJson(path.join(plain, ".vscode", "settings.json"), withoutServer);
  const uiPlain = path.join(tmp, "ui-plain-workspace");
  fs.cpSync(path.join(ext, "test", "fixtures"), uiPlain, { recursive: true });
  writeJson(path.join(uiPlain, ".vscode", "settings.json"), withoutServer);
  // The issue's 20,000-game file (15 MB, 857,000 lines), for the ui suite's timing of a big
  // file's end: made by the shared generator, as the benchmarks make theirs.
  const generator = path.resolve(ext, "..", "..", "..", "shared", "tools", "gen_pbn.py");
  const big = path.join(ui, "twenty-thousand.pbn");
  execFileSync("python3", [generator, "20000", "--rich", "-o", big], { stdio: ["ignore", "ignore", "inherit"] });
  fs.copyFileSync(big, path.join(uiPlain, "twenty-thousand.pbn"));

  const port = await freePort();
  const serverLog = fs.openSync(path.join(ARTIFACTS, "vscode-server.log"), "w");
  const server = spawn(
    NODE24,
    [
      path.join(CODE_SERVER, "lib", "vscode", "out", "server-main.js"),
      "--host", "127.0.0.1",
      "--port", String(port),
      "--without-connection-token",
      "--accept-server-license-terms",
      "--enable-smoke-test-driver",
      "--telemetry-level", "off",
      "--server-data-dir", data,
      "--user-data-dir", data,
      "--extensions-dir", path.join(data, "extensions"),
      "--disable-workspace-trust",
    ],
    { detached: true, stdio: ["ignore", serverLog, serverLog], env: {
        ...process.env,
        // No extension gallery: the tests must not reach out (and nothing could be reached).
        EXTENSIONS_GALLERY: "{}",
        KIBITZER_EXTENSION_LOG: path.join(ARTIFACTS, "extension.log"),
        ...(WASM_EXT ? { KIBITZER_EXPECT_WASM: "1" } : {}),
      } },
  );
  const pgid = server.pid;
  fs.writeFileSync(path.join(ARTIFACTS, "vscode-server.pgid"), String(pgid));
  let browser;
  let ok = false;
  try {
    const until = Date.now() + 60_000;
    while (!(await httpOk(`http://127.0.0.1:${port}/version`))) {
      if (server.exitCode !== null) throw new Error(`the VS Code server exited with ${server.exitCode}`);
      if (Date.now() > until) throw new Error("the VS Code server did not answer within 60 s");
      await sleep(250);
    }
    say(`VS Code server on port ${port} (pid ${pgid}), workspace ${ws}`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
    });
    ok = true;
    for (const suite of SUITES) {
      const passed = await runSuite(browser, port, pgid, { main: ws, ui, plain, uiPlain }, suite);
      ok = ok && passed;
    }
  } catch (e) {
    say(`error: ${e.stack || e}`);
    ok = false;
  } finally {
    if (browser) await browser.close().catch(() => {});
    const clean = await killGroup(pgid);
    if (server.exitCode === null && server.signalCode === null) {
      await Promise.race([new Promise((r) => server.once("exit", r)), sleep(3000)]);
    }
    if (!clean) {
      say(`processes left in group ${pgid}: ${groupMembers(pgid).join(" ")}`);
      ok = false;
    }
    fs.closeSync(serverLog);
    if (ok) {
      fs.rmSync(tmp, { recursive: true, force: true });
    } else {
      say(`kept ${tmp} for inspection`);
    }
  }
  say(ok ? "all suites passed" : "FAILED");
  process.exit(ok ? 0 : 1);
}

main();
