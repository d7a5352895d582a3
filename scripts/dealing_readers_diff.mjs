// The dealing machines' binary files (DUP, BRI, DGE) read by an independent reader users run, the
// npm package `pbn` (its DUP, BRI and DGE converters), against Kibitzer's reading of the same
// files (`kibitzer convert --to pbn`): the same number of boards, and each board's deal equal,
// hand by hand. Board numbers are compared too: `pbn` numbers the boards of a file from 1, so
// Kibitzer's must be 1, 2, 3, ... for files that start at board 1 (every file given here).
//
// One habit of pbn is allowed for, and counted: it writes the last hand of a Deal (West) without
// the dots of the void suits it ends with (`W:732.AKJ4.AKJ853` for a club void), a Deal the PBN
// standard would refuse (its converter never closes the last hand; bri-to-pbn.js). Its deals are
// read with the missing suits void.
//
// Usage: node dealing_readers_diff.mjs <node_modules folder holding pbn> <kibitzer> FILE...
// Prints a line per file and a summary; exits 1 on the first kind of disagreement it finds.
import { createRequire } from 'node:module';
import { createReadStream } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const [modules, kibitzer, ...files] = process.argv.slice(2);
if (!modules || !kibitzer || files.length === 0) {
  console.error('usage: node dealing_readers_diff.mjs NODE_MODULES KIBITZER FILE...');
  process.exit(2);
}
const require = createRequire(path.join(path.resolve(modules), 'pbn', 'index.js'));
const pbn = require(path.join(path.resolve(modules), 'pbn'));

const SEATS = 'NESW';

/** How many of pbn's deals left the last hand's void suits out. */
let unclosed = 0;

/** The four hands of a PBN Deal value by seat (N, E, S, W), each suit's cards sorted; with
 * `lenient`, a hand of fewer than four suits has the missing ones void (pbn's habit). */
function hands(deal, lenient = false) {
  const match = /^([NESW]):(.*)$/.exec(deal.trim());
  if (!match) throw new Error(`not a deal: ${deal}`);
  const first = SEATS.indexOf(match[1]);
  const written = match[2].trim().split(/\s+/);
  const bySeat = {};
  written.forEach((hand, i) => {
    const suits = hand.split('.').map((s) => [...s].sort().join(''));
    if (lenient && suits.length < 4 && i === written.length - 1) {
      unclosed++;
      while (suits.length < 4) suits.push('');
    }
    bySeat[SEATS[(first + i) % 4]] = suits.join('.');
  });
  return SEATS.split('').map((seat) => `${seat}:${bySeat[seat] ?? '?'}`).join(' ');
}

/** The boards `pbn` reads from `file`: [{ board, deal }] in order. */
function readByPackage(file) {
  return new Promise((resolve, reject) => {
    const boards = [];
    let board = null;
    createReadStream(file)
      .pipe(pbn.autoConvert())
      .on('data', (data) => {
        if (data.type !== 'tag') return;
        if (data.name === 'Board') board = data.value;
        if (data.name === 'Deal') boards.push({ board, deal: hands(data.value, true) });
      })
      .on('error', reject)
      .on('end', () => resolve(boards));
  });
}

/** The boards Kibitzer reads from `file`, through `convert --to pbn`. */
function readByKibitzer(file) {
  const text = execFileSync(kibitzer, ['convert', '--to', 'pbn', file], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const boards = [];
  let board = null;
  for (const line of text.split(/\r?\n/)) {
    const tag = /^\[(\w+) "(.*)"\]$/.exec(line);
    if (!tag) continue;
    if (tag[1] === 'Board') board = tag[2];
    if (tag[1] === 'Deal') boards.push({ board, deal: hands(tag[2]) });
  }
  return boards;
}

let failures = 0;
let compared = 0;
for (const file of files) {
  const theirs = await readByPackage(file);
  const ours = readByKibitzer(file);
  const problems = [];
  if (theirs.length !== ours.length) {
    problems.push(`pbn reads ${theirs.length} boards, Kibitzer ${ours.length}`);
  }
  for (let i = 0; i < Math.min(theirs.length, ours.length); i++) {
    if (theirs[i].board !== ours[i].board) {
      problems.push(`board ${i + 1}: numbered ${theirs[i].board} by pbn, ${ours[i].board} by Kibitzer`);
    }
    if (theirs[i].deal !== ours[i].deal) {
      problems.push(`board ${ours[i].board}: pbn deals ${theirs[i].deal}, Kibitzer ${ours[i].deal}`);
    }
  }
  compared += Math.min(theirs.length, ours.length);
  const name = path.basename(file);
  if (problems.length === 0) {
    console.log(`ok   ${name}: ${ours.length} boards, the same deals`);
  } else {
    failures++;
    console.log(`FAIL ${name}:\n  ${problems.slice(0, 5).join('\n  ')}`);
  }
}
console.log(
  `dealing readers: ${files.length} files, ${compared} boards compared with npm pbn, ` +
    `${failures} files disagree; pbn left the last hand's void suits out of ${unclosed} deals`,
);
process.exit(failures === 0 ? 0 : 1);
