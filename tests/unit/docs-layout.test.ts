import { execFileSync } from "node:child_process";
import { expect, it } from "vitest";
import { readDoc } from "../support/docs/project-docs";

// docs/development.md's layout names every top-level folder and every folder of lib/, and nothing that is gone.

/** The folders the layout block names: each line that starts with `name/` or `lib/name/`. */
function namedFolders(): string[] {
  const doc = readDoc("docs/development.md");
  const heading = doc.text.split("\n").indexOf("## Layout") + 1;
  const layout = doc.fences.find((fence) => fence.line > heading);
  expect(layout, "a code block under ## Layout").toBeDefined();
  return [...layout!.content.matchAll(/^(\.?[\w-]+\/(?:[\w-]+\/)?)/gm)].map((m) => m[1]!.replace(/\/$/, ""));
}

/** Every folder of the checkout (tracked, or new and not ignored) at the top and in lib/. */
function existingFolders(): string[] {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    if (parts.length > 1) folders.add(parts[0]!);
    if (parts[0] === "lib" && parts.length > 2) folders.add(`lib/${parts[1]}`);
  }
  return [...folders].sort();
}

it("docs/development.md's layout names exactly the top-level and lib/ folders the checkout has", () => {
  expect(namedFolders().sort()).toEqual(existingFolders());
});
