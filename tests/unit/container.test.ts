import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The container image's recipe, read as a reviewer would: what it builds from and what runs while it installs.
const dockerfile = readFileSync("Dockerfile", "utf8");
// Which dependencies have install scripts is decided once, in package.json's allowScripts (tests/unit/toolchain.test.ts
// holds it to the lock); the image runs none of them.
const { allowScripts } = JSON.parse(readFileSync("package.json", "utf8")) as { allowScripts: Record<string, boolean> };

/** The base image every stage starts from, with ARG defaults substituted. */
function baseImages(): string[] {
  const args = Object.fromEntries([...dockerfile.matchAll(/^ARG (\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
  return [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) =>
    m[1]!.replace(/\$\{(\w+)\}/g, (_, name: string) => args[name] ?? ""),
  );
}

describe("the container image", () => {
  it("builds every stage from the official Node 24 image pinned by digest", () => {
    const images = baseImages();
    expect(images.length).toBeGreaterThanOrEqual(3);
    for (const image of images) expect(image).toMatch(/^node:24-bookworm-slim@sha256:[0-9a-f]{64}$/);
  });

  it("installs from the lock without running install scripts", () => {
    const installs = [...dockerfile.matchAll(/^RUN npm (?:install|ci|i)\b(.*)$/gm)];
    expect(installs).toHaveLength(1);
    expect(installs[0]![1]).toContain("--ignore-scripts");
    // A dependency that brings a new install script fails here until someone decides whether the image needs it.
    const withScripts = Object.keys(allowScripts).sort();
    expect(withScripts).toEqual(["deno", "esbuild", "node", "vnu-jar"]);
  });
});
