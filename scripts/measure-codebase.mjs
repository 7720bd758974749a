// `node scripts/measure-codebase.mjs`: the team's size rules, measured on the tracked files. Prints the largest
// hand-written modules (tests and generated files aside; the rule is 300 lines), the lines over 120 characters in
// app/ and lib/, and what `git status` lists (run it after `npm ci`: a clean install changes no tracked file).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const git = (...args) => execFileSync("git", args, { encoding: "utf8" });
const tracked = git("ls-files").split("\n").filter(Boolean);
const code = /\.(ts|tsx|mjs|js)$/;
const notHandWritten = /^tests\/|\.test\.tsx?$|\.generated\.ts$|^lib\/content\/sanity\.types\.ts$|^bench\/results\//;
const lines = (file) => readFileSync(file, "utf8").split("\n");

const modules = tracked
  .filter((f) => code.test(f) && !notHandWritten.test(f))
  .map((file) => ({ file, lines: lines(file).length - 1 }))
  .sort((a, b) => b.lines - a.lines);
console.log("Largest hand-written modules (lines):");
for (const m of modules.slice(0, 5)) console.log(`  ${m.lines}  ${m.file}`);
console.log(`  over 300 lines: ${modules.filter((m) => m.lines > 300).length}`);

const long = tracked
  .filter((f) => /^(app|lib)\//.test(f) && code.test(f) && !notHandWritten.test(f))
  .map((file) => ({ file, count: lines(file).filter((l) => l.length > 120).length }))
  .filter((f) => f.count > 0);
console.log(`Lines over 120 characters in app/ and lib/: ${long.reduce((n, f) => n + f.count, 0)}`);
for (const f of long) console.log(`  ${f.count}  ${f.file}`);

const status = git("status", "--porcelain").trim();
console.log(`git status: ${status ? `\n${status}` : "clean"}`);
