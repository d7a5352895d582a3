// vscode-tmgrammar-snap quietly writes a new snapshot (and passes) when one
// is missing. Fail instead, so that a sample without a committed snapshot
// cannot slip through CI unchecked.
const fs = require('fs');
const path = require('path');

const dir = path.join(__dirname, 'snap');
const samples = fs.readdirSync(dir).filter((f) => f.endsWith('.pbn'));
const missing = samples.filter((f) => !fs.existsSync(path.join(dir, f + '.snap')));

if (samples.length === 0) {
  console.error('no snapshot samples found in tests/snap');
  process.exit(1);
}
if (missing.length > 0) {
  console.error('missing snapshot for: ' + missing.join(', '));
  console.error('run "npm run update-snapshots" and review the new .snap files');
  process.exit(1);
}
console.log(`${samples.length} snapshot samples have committed snapshots`);
