// Unpacks a .vsix as VS Code does when it installs one (file modes from the archive kept), and
// prints the entries: node scripts/unpack-vsix.mjs <file.vsix> [<into-folder>]
import { chmodSync, createWriteStream, mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import yauzl from "yauzl";

const [vsix, into] = process.argv.slice(2);
if (!vsix) {
  console.error("usage: unpack-vsix.mjs <file.vsix> [<into-folder>]");
  process.exit(2);
}
const zip = await new Promise((ok, fail) => yauzl.open(vsix, { lazyEntries: true }, (e, z) => (e ? fail(e) : ok(z))));
await new Promise((ok, fail) => {
  zip.on("error", fail);
  zip.on("end", ok);
  zip.on("entry", (entry) => {
    const mode = (entry.externalFileAttributes >>> 16) & 0o777;
    console.log(`${mode.toString(8).padStart(4, "0")} ${entry.uncompressedSize} ${entry.fileName}`);
    if (!into || entry.fileName.endsWith("/")) {
      zip.readEntry();
      return;
    }
    const target = resolve(into, entry.fileName);
    if (!target.startsWith(resolve(into))) {
      fail(new Error(`entry outside the folder: ${entry.fileName}`));
      return;
    }
    mkdirSync(dirname(target), { recursive: true });
    zip.openReadStream(entry, (e, stream) => {
      if (e) {
        fail(e);
        return;
      }
      const out = createWriteStream(target);
      out.on("finish", () => {
        if (mode) chmodSync(target, mode);
        zip.readEntry();
      });
      stream.pipe(out);
    });
  });
  zip.readEntry();
});
