import { readFileSync, writeFileSync } from "node:fs";

/**
 * Next adds the type folders of every build folder it uses to tsconfig.json. Tests that run `next dev` or
 * `next build` with their own folder call this first and the returned function after, so the checkout is left as
 * it was (scripts/build-for-e2e.mjs does the same for the Sanity-mode build).
 */
export function guardTsconfig(): () => void {
  const original = readFileSync("tsconfig.json", "utf8");
  return () => writeFileSync("tsconfig.json", original);
}
