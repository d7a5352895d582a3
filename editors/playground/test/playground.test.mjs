// The playground in a real browser (Debian's Chromium, driven by Playwright): the page built
// into target/playground is served on localhost and used as a person would, with screenshots in
// editors/playground/test-artifacts/ to look at.
//   node test/playground.test.mjs   (after scripts/build-web.sh; KIBITZER_BIN: the native binary)
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { serve } from "./serve.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..", "..");
const web = process.env.KIBITZER_WEB ?? join(process.env.CARGO_TARGET_DIR ? resolve(repo, process.env.CARGO_TARGET_DIR) : join(repo, "target"), "playground");
const native = process.env.KIBITZER_BIN ?? join(process.env.CARGO_TARGET_DIR ? resolve(repo, process.env.CARGO_TARGET_DIR) : join(repo, "target"), "release", "kibitzer");
const artifacts = join(here, "..", "test-artifacts");
mkdirSync(artifacts, { recursive: true });

const DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765";
/** A board with a card given twice (♣4 to North and West). */
const DUPLICATED = `[Board "3"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.764"]\n`;
/** A board as a hand might type it: values in lower case, tags out of order, a robot's `P`. */
const MESSY = `[Dealer "n"]\n[Board  "5"]\n[Vulnerable "none"]\n[Deal "${DEAL}"]\n[Declarer "W"]\n[Contract "3NT"]\n[Result "9"]\n[Auction "N"]\nPass 1D Pass 3NT\nP Pass Pass\n[Play "N"]\nSA S8 S5 S2\nSK S9 S6 S3\n*\n`;
/** The same with the `P` mended (the formatter leaves a game it cannot read as written). */
const MENDED = MESSY.replace("P Pass Pass", "Pass Pass Pass");

/** What the native binary prints for `args` with `text` as a file (named `name`) at the end. */
function nativeOn(text, name, ...args) {
  return nativeBytesOn(text, name, ...args).toString();
}

/** What the native program writes on standard output, as bytes. */
function nativeBytesOn(text, name, ...args) {
  const dir = mkdtempSync(join(tmpdir(), "kibitzer-playground-"));
  const file = join(dir, name);
  writeFileSync(file, text);
  try {
    // A large file's findings as JSON run to megabytes (Node's default allows one).
    return execFileSync(native, [...args, file], { maxBuffer: 1 << 28 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let failures = 0;
const results = [];
async function test(name, body) {
  const started = Date.now();
  try {
    await body();
    results.push(`ok   ${name} (${Date.now() - started} ms)`);
  } catch (error) {
    failures += 1;
    results.push(`FAIL ${name}: ${error?.stack ?? error}`);
  }
  console.log(results[results.length - 1]);
}

const { server, url } = await serve(web);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
const consoleErrors = [];
page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
page.on("pageerror", (e) => consoleErrors.push(String(e)));
// Leaving a page with changes not saved asks first: the tests leave.
let leaveQuestions = 0;
page.on("dialog", (d) => {
  if (d.type() === "beforeunload") {
    leaveQuestions += 1;
  }
  void d.accept();
});

/** Opens `text` as the file `name` through the page's Open… button. */
async function openFile(name, text) {
  const before = await page.evaluate(() => window.kibitzerView);
  await page.setInputFiles("#open-file", { name, mimeType: "text/plain", buffer: Buffer.from(text) });
  await page.waitForFunction((old) => window.kibitzerView && window.kibitzerView !== old, before);
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked");
}

/** The editor's text. */
const editorText = () => page.evaluate(() => window.kibitzerView.state.doc.toString());

/** Moves the mouse over the first place `needle` stands in the editor (plus `shift` chars). */
async function pointAt(needle, shift = 0) {
  const box = await page.evaluate(
    ([needle, shift]) => {
      const view = window.kibitzerView;
      const at = view.state.doc.toString().indexOf(needle) + shift;
      view.dispatch({ effects: [], scrollIntoView: true, selection: { anchor: at } });
      const c = view.coordsAtPos(at);
      return { x: (c.left + c.right) / 2 + 3, y: (c.top + c.bottom) / 2 };
    },
    [needle, shift],
  );
  await page.mouse.move(box.x, box.y);
  return box;
}

await test("the page loads the checker and checks its example", async () => {
  await page.goto(url);
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked", null, { timeout: 30000 });
  const summary = await page.textContent("#problems-summary");
  assert.match(summary, /1 error/, summary);
  assert.match(await page.textContent("#problems"), /A301/);
  await page.screenshot({ path: join(artifacts, "playground-light.png") });
});

await test("a duplicated card: the squiggle and the D203 message", async () => {
  await openFile("duplicated.pbn", DUPLICATED);
  await page.waitForSelector(".cm-lintRange-error");
  const problems = await page.textContent("#problems");
  assert.match(problems, /D203/, problems);
  assert.match(problems, /♣4/, problems);
  // The squiggle stands under the second ♣4 (the last card of the Deal).
  const marked = await page.textContent(".cm-lintRange-error");
  assert.equal(marked, "4");
  await page.screenshot({ path: join(artifacts, "playground-duplicated-card.png") });
});

await test("hover over the Deal draws the hand, then the double-dummy table", async () => {
  await openFile("hover.pbn", MESSY);
  await pointAt("AKQJ.T98");
  await page.waitForSelector(".kb-hover pre", { timeout: 10000 });
  const first = await page.textContent(".kb-hover");
  assert.match(first, /North \(dealer\) · 10 HCP/, first);
  assert.match(first, /being solved|DD/, first);
  assert.match(first, /♠ A K Q J/, first);
  // The deal is solved by the other worker, and the table and par arrive in the hover that
  // is open: the same element, with the mouse left where it was.
  const open = await page.$(".kb-hover");
  await page.waitForFunction((hover) => hover.isConnected && /Par/.test(hover.textContent), open, { timeout: 20000 });
  const solved = await open.textContent();
  assert.match(solved, /DD\s+NT/, solved);
  await page.screenshot({ path: join(artifacts, "playground-hover.png") });
});

/** A deal dealt at random, in PBN's form. */
function randomDeal() {
  const ranks = "AKQJT98765432";
  const cards = [...Array(52).keys()];
  for (let i = cards.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  const hands = [0, 1, 2, 3].map((seat) => {
    const held = cards.slice(seat * 13, seat * 13 + 13);
    return [0, 1, 2, 3]
      .map((suit) => held.filter((c) => Math.floor(c / 13) === suit).sort((x, y) => x - y).map((c) => ranks[c % 13]).join(""))
      .join(".");
  });
  return `N:${hands.join(" ")}`;
}

await test("a deal not solved yet: its table arrives in the hover already open", async () => {
  // The solving worker is kept busy with other deals, so that the deal hovered (new: dealt
  // here) is still being solved when its hover opens.
  const busy = [randomDeal(), randomDeal(), randomDeal(), randomDeal(), randomDeal(), randomDeal()];
  await page.evaluate((deals) => {
    for (const deal of deals) void window.kibitzerWorkers.solver.request("kibitzer/solve", { deal });
  }, busy);
  const deal = randomDeal();
  await openFile("two.pbn", `${MESSY}\n[Board "6"]\n[Dealer "E"]\n[Vulnerable "All"]\n[Deal "${deal}"]\n`);
  await page.mouse.move(5, 5);
  await pointAt(deal, 4);
  await page.waitForSelector(".kb-hover pre", { timeout: 10000 });
  const open = await page.$(".kb-hover");
  const before = await open.textContent();
  assert.match(before, /solving in the background/, before);
  await page.waitForFunction((hover) => hover.isConnected && /Par/.test(hover.textContent), open, { timeout: 60000 });
  const after = await open.textContent();
  assert.match(after, /DD\s+NT/, after);
  assert.doesNotMatch(after, /solving in the background/, after);
  await page.screenshot({ path: join(artifacts, "playground-hover-filled.png") });
  await page.mouse.move(5, 5);
  await openFile("hover.pbn", MESSY);
});

await test("a quick fix mends the robot's P", async () => {
  await pointAt("P Pass Pass", 0);
  await page.waitForSelector(".cm-diagnosticAction", { timeout: 10000 });
  await page.click(".cm-diagnosticAction");
  await page.waitForFunction(() => window.kibitzerView.state.doc.toString().includes("Pass Pass Pass\n"));
  await page.waitForFunction(() => !/A301/.test(document.getElementById("problems").textContent));
});

await test("completion offers the legal calls", async () => {
  await openFile("complete.pbn", `[Board "6"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${DEAL}"]\n[Auction "N"]\nPass 1D `);
  await page.evaluate(() => {
    const view = window.kibitzerView;
    view.dispatch({ selection: { anchor: view.state.doc.length } });
    view.focus();
  });
  await page.keyboard.press("Control+Space");
  await page.waitForSelector(".cm-tooltip-autocomplete li", { timeout: 10000 });
  const labels = await page.$$eval(".cm-tooltip-autocomplete li", (items) => items.map((i) => i.textContent));
  const text = labels.join(" ");
  assert.match(text, /1H/, text);
  assert.match(text, /Pass/, text);
  assert.doesNotMatch(text, /\b1C\b/, text);
  await page.screenshot({ path: join(artifacts, "playground-completion.png") });
  await page.keyboard.press("Escape");
});

await test("Enter after a call and a space ends the line: no suggestion goes into the auction", async () => {
  await openFile("typed.pbn", `[Board "6"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${DEAL}"]\n[Auction "N"]\n`);
  await page.evaluate(() => {
    const view = window.kibitzerView;
    view.dispatch({ selection: { anchor: view.state.doc.length } });
    view.focus();
  });
  await page.keyboard.type("1S Pass 2S Pass ", { delay: 40 });
  await page.waitForTimeout(400);
  await page.keyboard.press("Enter");
  await page.keyboard.type("Pass Pass", { delay: 40 });
  await page.keyboard.press("Escape");
  const text = await editorText();
  assert.ok(text.endsWith("[Auction \"N\"]\n1S Pass 2S Pass \nPass Pass"), JSON.stringify(text.slice(-60)));
  await page.screenshot({ path: join(artifacts, "playground-enter-after-space.png") });
});

await test("Format writes the game as kibitzer fmt does", async () => {
  await openFile("format.pbn", MENDED);
  const expected = execFileSync(native, ["fmt", "-"], { input: MENDED }).toString();
  assert.notEqual(expected, MENDED);
  await page.click("#format");
  await page.waitForFunction((text) => window.kibitzerView.state.doc.toString() === text, expected, { timeout: 5000 }).catch(() => undefined);
  const formatted = await editorText();
  assert.equal(formatted, expected);
  assert.match(formatted, /^\[Board "5"\]\n\[Dealer "N"\]/m);
});

await test("the board viewer follows the cursor and steps through the tricks", async () => {
  await pointAt("SK S9");
  await page.waitForFunction(() => window.kibitzerBoard?.board === "5");
  const drawn = await page.evaluate(() => window.kibitzerBoard);
  assert.equal(drawn.steps, 2);
  await page.focus("#board");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => window.kibitzerBoard?.step === 1);
  assert.match(await page.textContent("#board"), /Trick 1 of 2/);
  await page.keyboard.press("End");
  await page.waitForFunction(() => window.kibitzerBoard?.step === 2);
  await page.waitForSelector("#board .dd-box", { timeout: 20000 });
  assert.match(await page.textContent("#board .dd-box"), /Par/);
  await page.screenshot({ path: join(artifacts, "playground-board-viewer.png") });
});

await test("typing goes on while deals are being solved", async () => {
  await openFile("typing.pbn", MENDED);
  // Thirty random deals for the solving worker: a second or more of work.
  const deals = Array.from({ length: 30 }, randomDeal);
  const { latencies, outstanding, solved } = await page.evaluate(async (deals) => {
    const { solver } = window.kibitzerWorkers;
    let finished = 0;
    const solving = deals.map((deal) => solver.request("kibitzer/solve", { deal }).then(() => (finished += 1)));
    const view = window.kibitzerView;
    const summary = document.getElementById("problems-summary");
    const latencies = [];
    const outstanding = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const changed = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          resolve(performance.now() - started);
        });
        observer.observe(summary, { childList: true, characterData: true, subtree: true });
      });
      // Alternately break a call (`Pass` to `Pas`) and mend it: each edit changes the findings.
      const at = view.state.doc.toString().indexOf(i % 2 === 0 ? "Pass 1D" : "Pas 1D");
      view.dispatch(i % 2 === 0 ? { changes: { from: at + 3, to: at + 4 } } : { changes: { from: at + 3, insert: "s" } });
      latencies.push(await Promise.race([changed, new Promise((r) => setTimeout(() => r(9999), 3000))]));
      outstanding.push(30 - finished);
    }
    await Promise.all(solving);
    return { latencies, outstanding, solved: finished };
  }, deals);
  console.log(`     keystroke to diagnostics: ${latencies.map((ms) => ms.toFixed(1)).join(", ")} ms; deals still being solved then: ${outstanding.join(", ")}`);
  assert.equal(solved, 30);
  assert.ok(outstanding[outstanding.length - 1] > 0, "the solving was over before the typing: nothing was shown");
  assert.ok(latencies.every((ms) => ms < 200), `diagnostics while solving: ${latencies.join(", ")} ms`);
});

await test("opening a large file never shows \"No problems\" before it is checked", async () => {
  await openFile("duplicated.pbn", DUPLICATED);
  await page.evaluate(() => {
    window.summariesSeen = [];
    const summary = document.getElementById("problems-summary");
    new MutationObserver(() => window.summariesSeen.push(summary.textContent)).observe(summary, {
      childList: true, characterData: true, subtree: true,
    });
  });
  const big = Array.from({ length: 3000 }, (_, i) =>
    `[Board "${i + 1}"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "${DEAL}"]\n[Auction "N"]\nP 1D\n\n`).join("");
  await openFile("big.pbn", big);
  const seen = await page.evaluate(() => window.summariesSeen);
  assert.ok(seen.length > 0, "the summary never changed");
  assert.ok(!seen.some((s) => /No problems/.test(s)), `shown on the way: ${seen.join(" | ")}`);
  assert.match(seen[seen.length - 1], /error/);
});

await test("the problems' count is the command line's, a flood of hints included", async () => {
  // 1,500 boards dealt by East with none vulnerable: a board-rotation hint or two on each, more
  // than the 1,000 the editor is shown one by one.
  const text = Array.from({ length: 1500 }, (_, i) =>
    `[Board "${i + 1}"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Deal "${DEAL}"]\n\n`).join("");
  await openFile("rotation.pbn", text);
  const report = JSON.parse(nativeOn(text, "rotation.pbn", "check", "--output-format", "json", "--min-severity", "hint"));
  const hints = report.files[0].diagnostics.filter((d) => d.severity === "hint").length;
  assert.ok(hints > 1000, `only ${hints} hints: no flood`);
  const summary = await page.textContent("#problems-summary");
  assert.ok(summary.startsWith(`${hints} hints`), `${summary} (the command line counts ${hints})`);
});

await test("a file of more than a megabyte opens with the command line's findings", async () => {
  // Handed to the module apart from its message (see serve.ts): the text must arrive whole,
  // names beyond ASCII included, and be read as the command line reads it.
  const text = Array.from({ length: 7500 }, (_, i) =>
    `[Event "Café ${i % 3 ? "Ødegård" : "Ünal"}"]\n[Board "${i + 1}"]\n[Dealer "E"]\n[Vulnerable "None"]\n[Deal "${DEAL}"]\n` +
    (i % 7 === 0 ? "[Auction \"E\"]\n1S 1H\n" : "") + "\n").join("");
  assert.ok(text.length > 1 << 20, `only ${text.length} characters`);
  await openFile("megabyte.pbn", text);
  let written;
  try {
    written = nativeOn(text, "megabyte.pbn", "check", "--output-format", "json", "--min-severity", "hint");
  } catch (failed) {
    // `check` exits 1 on a file with errors; what it wrote is the report all the same.
    written = failed.stdout.toString();
  }
  const report = JSON.parse(written);
  const counts = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const d of report.files[0].diagnostics) {
    counts[d.severity] += 1;
  }
  assert.ok(counts.error >= 1000, `only ${counts.error} errors`);
  const expected = Object.entries(counts).filter(([, n]) => n > 0).map(([name, n]) => `${n} ${name}${n === 1 ? "" : "s"}`).join(", ");
  await page.waitForFunction((want) => document.getElementById("problems-summary").textContent.startsWith(want), expected, { timeout: 60_000 })
    .catch(async () => assert.fail(`${await page.textContent("#problems-summary")} (the command line: ${expected})`));
});

await test("Format says which game it left as written, and why", async () => {
  const robot = '[Board "1"]\n[Dealer "N"]\n[Auction "N"]\n1S P 2S P\nP P\n';
  await openFile("robot.pbn", robot);
  await page.click("#format");
  await page.waitForFunction(() => /left as written/.test(document.getElementById("status").textContent));
  const said = await page.textContent("#status");
  assert.match(said, /line 4: A301/, said);
  assert.equal(await editorText(), robot);
  // Asked again, the status line says it again (the session tells it once).
  await page.click("#format");
  await page.waitForFunction(() => /left as written/.test(document.getElementById("status").textContent));
  await page.screenshot({ path: join(artifacts, "playground-format-left-as-written.png") });
});

await test("Convert to RBN gives what kibitzer convert gives", async () => {
  await openFile("convert.pbn", MESSY);
  await page.selectOption("#convert-to", "rbn");
  await page.click("#convert");
  await page.waitForSelector("#convert-dialog[open]");
  const text = await page.textContent("#convert-text");
  const expected = nativeOn(MESSY, "convert.pbn", "convert", "--to", "rbn");
  assert.equal(text, expected);
  await page.screenshot({ path: join(artifacts, "playground-convert.png") });
  await page.click("#convert-close");
});

await test("Convert to DUP saves the bytes kibitzer convert writes, and opens nothing", async () => {
  await openFile("convert.pbn", MESSY);
  await page.selectOption("#convert-to", "dup");
  await page.click("#convert");
  await page.waitForSelector("#convert-dialog[open]");
  const expected = nativeBytesOn(MESSY, "convert.pbn", "convert", "--to", "dup");
  assert.equal(await page.textContent("#convert-text"), `(a DUP file of ${expected.length} bytes: Save keeps it)`);
  assert.ok(await page.isDisabled("#convert-open"), "a binary file can be opened as text");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#convert-save")]);
  assert.equal(download.suggestedFilename(), "convert.dup");
  const saved = readFileSync(await download.path());
  assert.ok(Buffer.compare(saved, expected) === 0, `${saved.length} bytes saved, the CLI writes ${expected.length}`);
  await page.screenshot({ path: join(artifacts, "playground-convert-dup.png") });
  await page.click("#convert-close");
});

await test("a pasted BBO handviewer address opens its board", async () => {
  const address = nativeOn(MESSY, "board.pbn", "convert", "--to", "handviewer").trim();
  await page.fill("#handviewer-url", address);
  await page.click("#handviewer-open");
  await page.waitForFunction(() => /handviewer\.lin/.test(document.getElementById("file-name").textContent));
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked");
  assert.match(await editorText(), /md\|/);
  await page.evaluate(() => window.kibitzerView.dispatch({ selection: { anchor: 3 } }));
  await page.waitForFunction(() => window.kibitzerBoard?.board === "5");
});

await test("a file dropped on the page opens; Save downloads the text as it stands", async () => {
  const before = await page.evaluate(() => window.kibitzerView);
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.items.add(new File([text], "dropped.pbn", { type: "text/plain" }));
    document.body.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, DUPLICATED);
  await page.waitForFunction((old) => window.kibitzerView !== old, before);
  await page.waitForFunction(() => /dropped\.pbn/.test(document.getElementById("file-name").textContent));
  await page.waitForFunction(() => /D203/.test(document.getElementById("problems").textContent));
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#save")]);
  assert.equal(download.suggestedFilename(), "dropped.pbn");
  const saved = join(artifacts, "saved.pbn");
  await download.saveAs(saved);
  assert.equal(readFileSync(saved, "utf8"), DUPLICATED);
});

await test("a handviewer address pasted on the page (outside the editor) opens its board", async () => {
  const address = nativeOn(MESSY, "board.pbn", "convert", "--to", "handviewer").trim();
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text", text);
    document.getElementById("board").dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, address);
  await page.waitForFunction(() => /handviewer\.lin/.test(document.getElementById("file-name").textContent));
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked");
  assert.match(await editorText(), /md\|/);
});

await test("a problem's code opens what the code means", async () => {
  await openFile("explain.pbn", MESSY);
  await page.click("#problems a.code:text-is('A301')");
  await page.waitForSelector("#explain-dialog[open]", { timeout: 10000 });
  const text = await page.textContent("#explain-dialog");
  assert.match(text, /A301 invalid-call/, text);
  assert.match(text, /When:/, text);
  assert.match(text, /kibitzer-ignore: A301/, text);
  // The heading is a heading, not a line beginning with `#`.
  assert.equal(await page.textContent("#explain-dialog h3"), "A301 invalid-call");
  await page.screenshot({ path: join(artifacts, "playground-explain.png") });
  await page.click("#explain-close");
  await page.waitForSelector("#explain-dialog[open]", { state: "detached" });
});

await test("dark theme", async () => {
  await page.click("#theme");
  await openFile("hover.pbn", MESSY);
  await pointAt("SK S9");
  await page.waitForFunction(() => /hover\.pbn/.test(document.querySelector("#board .source")?.textContent ?? ""));
  await page.waitForSelector("#board .dd-box", { timeout: 20000 });
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  assert.equal(background, "rgb(30, 33, 39)");
  await page.screenshot({ path: join(artifacts, "playground-dark.png") });
  await page.click("#theme");
});

await test("the text is kept over a reload, and leaving with changes asks first", async () => {
  await openFile("kept.pbn", MESSY);
  await page.click(".cm-content");
  await page.keyboard.press("Control+End");
  await page.keyboard.type("\n{kept over a reload}");
  await page.waitForTimeout(600);
  const asked = leaveQuestions;
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked", null, { timeout: 30000 });
  assert.equal(leaveQuestions, asked + 1, "leaving with changes not saved did not ask");
  assert.ok((await editorText()).endsWith("{kept over a reload}"), await editorText());
  assert.match(await page.textContent("#file-name"), /kept\.pbn/);
  // Opened again and not changed: leaving asks nothing.
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked", null, { timeout: 30000 });
  assert.equal(leaveQuestions, asked + 1, "leaving a text not changed asked");
  await page.click("#example");
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked");
  assert.match(await page.textContent("#file-name"), /example\.pbn/);
});

await test("it works offline once loaded", async () => {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== undefined, null, { timeout: 10000 });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 });
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => document.getElementById("status").textContent === "Checked", null, { timeout: 30000 });
  assert.match(await page.textContent("#problems"), /A301/);
  await context.setOffline(false);
});

await test("no error in the page's console", async () => {
  assert.deepEqual(consoleErrors, []);
});

await browser.close();
server.close();
writeFileSync(join(artifacts, "results.txt"), results.join("\n") + "\n");
console.log(`${results.length - failures} passed, ${failures} failed; screenshots in ${artifacts}`);
process.exit(failures === 0 ? 0 : 1);
