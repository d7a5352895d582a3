// vscode-tmgrammar-snap quietly writes a new snapshot (and passes) when one
// is missing. Fail instead, so that a sample without a committed snapshot
// cannot slip through CI unchecked.
const fs = require('fs');
const path = require('path');

let total = 0;
for (const [folder, extension] of [['snap', '.pbn'], ['snap-rbn', '.rbn'], ['snap-lin', '.lin']]) {
  const dir = path.join(__dirname, folder);
  const samples = fs.readdirSync(dir).filter((f) => f.endsWith(extension));
  const missing = samples.filter((f) => !fs.existsSync(path.join(dir, f + '.snap')));
  if (samples.length === 0) {
    console.error(`no snapshot samples found in tests/${folder}`);
    process.exit(1);
  }
  if (missing.length > 0) {
    console.error(`missing snapshot for: ${missing.join(', ')} (in tests/${folder})`);
    console.error('run "npm run update-snapshots" and review the new .snap files');
    process.exit(1);
  }
  total += samples.length;
}
console.log(`${total} snapshot samples have committed snapshots`);
