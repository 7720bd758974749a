import { readFileSync, writeFileSync } from "node:fs";

/**
 * Writes `text` to `file` only when it differs, so a dev server watching the file does not see a new one each start.
 */
export function writeIfChanged(file: string, text: string): void {
  let current: string | undefined;
  try {
    current = readFileSync(file, "utf8");
  } catch {
    current = undefined;
  }
  if (current !== text) writeFileSync(file, text);
}
