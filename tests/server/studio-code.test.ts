import { expect, test } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SANITY_MODE } from "../../scripts/lib/e2e-hosts";

// A string of the Studio's own code (its structure tool's history inspector), in the chunks of any build that runs it.
const STUDIO_MARKER = "sanity/structure/history";

function filesHolding(dir: string, text: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(js|mjs|cjs)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => readFileSync(file, "utf8").includes(text));
}

test("a build without a Sanity project holds none of the Studio's code, for the browser or the server", () => {
  expect(filesHolding(".next/static", STUDIO_MARKER)).toEqual([]);
  expect(filesHolding(".next/server", STUDIO_MARKER)).toEqual([]);
});

test("a build with a Sanity project sends the Studio to the browser", () => {
  expect(filesHolding(join(SANITY_MODE.distDir, "static"), STUDIO_MARKER).length).toBeGreaterThan(0);
});
