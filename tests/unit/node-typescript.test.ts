import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { expect, it } from "vitest";

/**
 * The benchmark and the scripts run on Node's own TypeScript support, which only strips types: every module they load,
 * the lib modules among them, must import with its `.ts` extension and use no syntax that needs compiling (a parameter
 * property, an enum). Vitest compiles TypeScript itself, so only Node loading them finds out.
 */
const ENTRIES = [
  ...readdirSync("bench/lib")
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .map((file) => `bench/lib/${file}`),
  ...readdirSync("scripts/lib")
    .filter((file) => file.endsWith(".ts"))
    .map((file) => `scripts/lib/${file}`),
];

it("every module the benchmark and the scripts load, loads on Node's own TypeScript support", () => {
  const script = `const failed = [];
for (const file of ${JSON.stringify(ENTRIES)}) {
  try { await import(new URL(file, "file://" + process.cwd() + "/").href); } catch (error) { failed.push(file + ": " + error.message.split("\\n")[0]); }
}
console.log(JSON.stringify(failed));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(JSON.parse(output.trim().split("\n").at(-1)!)).toEqual([]);
});
