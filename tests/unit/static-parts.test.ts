import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const STATIC_PARTS = join(ROOT, "app/_components/static-parts.tsx");

/** The local module an import names, with the extension it has on disk. */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? join(ROOT, specifier.slice(2))
    : specifier.startsWith(".")
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")])
    if (existsSync(candidate) && !candidate.endsWith("/")) return candidate;
  return null;
}

/** The local modules a file imports (type-only imports bring no code). */
function localImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const specifiers = [
    ...source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+"([^"]+)"/gms),
    ...source.matchAll(/require\("([^"]+)"\)/g),
  ].map((m) => m[1]!);
  return specifiers.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null);
}

describe("the parts React never hydrates (app/_components/static-parts.tsx)", () => {
  it("render no client component, which would never hydrate inside them", () => {
    const parts = localImports(STATIC_PARTS).filter((f) => !f.endsWith("when-needed.ts"));
    expect(parts.map((f) => relative(ROOT, f)).sort()).toEqual([
      "app/_components/benefits.tsx",
      "app/_components/consent-banner.tsx",
      "app/_components/sections/page-sections.tsx",
      "app/_components/site-footer.tsx",
      "app/_components/site-header.tsx",
    ]);
    const seen = new Set<string>();
    const clientModules: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      if (/^\s*["']use client["']/.test(readFileSync(file, "utf8"))) clientModules.push(relative(ROOT, file));
      for (const next of localImports(file)) visit(next);
    };
    for (const part of parts) visit(part);
    expect(seen.size).toBeGreaterThan(parts.length);
    expect(clientModules).toEqual([]);
  });
});
