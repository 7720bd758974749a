import type { PGlite } from "@electric-sql/pglite";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commands, docFiles, readDoc, shellBlocks, type DocFile } from "../support/docs/project-docs";
import { migratedDatabase } from "../support/supabase/empty-database";

/**
 * The README and docs/ say what is true of this repository: links resolve, the scripts, files and SQL they name
 * exist and run. The shell blocks themselves run in tests/server/docs-commands.test.ts.
 */
const docs: DocFile[] = docFiles().map(readDoc);
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

/** Commands that need an account or a service this machine lacks: only these may stand in an `external` block. */
const EXTERNAL = [
  /^supabase\s/,
  /^docker\s/,
  /^vercel(\s|$)/,
  /^sanity (dataset|deploy|login)\b/,
  // Releasing a held lead needs a Supabase project's service-role key.
  /scripts\/release-held-lead\.ts\b/,
];

describe("the README", () => {
  const readme = docs.find((d) => d.file === "README.md")!;

  it("fits on a screen or two: at most 15,000 characters", () => {
    expect(readme.text.length).toBeLessThanOrEqual(15_000);
  });

  it("shows the landing page in a committed screenshot", () => {
    const images = readme.links.filter((l) => /\.(png|jpe?g|webp)$/.test(l.href));
    expect(images.length).toBeGreaterThan(0);
    for (const { href } of images) {
      const bytes = readFileSync(href);
      expect(bytes.subarray(1, 4).toString(), href).toBe("PNG");
      expect(bytes.length, `${href} stays small enough to load quickly`).toBeLessThan(600_000);
    }
  });

  it("maps every document in docs/", () => {
    for (const file of docFiles().filter((f) => f.startsWith("docs/"))) {
      expect(
        readme.links.map((l) => l.href),
        `README links ${file}`,
      ).toContain(file);
    }
  });

  it("gives the two commands: one starts the site, one passes all tests", () => {
    const blocks = shellBlocks([readme]);
    expect(blocks.some((b) => b.tag === "dev-server" && commands(b.script).includes("npm run dev"))).toBe(true);
    expect(blocks.some((b) => b.tag === "suite")).toBe(true);
  });
});

describe.each(docs.map((d) => [d.file, d] as const))("%s", (_file, doc) => {
  it("links only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const { href, line } of doc.links) {
      if (/^[a-z]+:/i.test(href)) continue; // absolute URLs (https:, mailto:)
      const [path = "", anchor] = href.split("#");
      const target = path ? normalize(join(dirname(doc.file), decodeURIComponent(path))) : doc.file;
      if (!existsSync(target)) {
        broken.push(`${doc.file}:${line}: ${href} (no ${target})`);
        continue;
      }
      if (anchor !== undefined) {
        const anchors =
          target.endsWith(".md") && statSync(target).isFile() ? readDoc(target).anchors : new Set<string>();
        if (!anchors.has(anchor)) broken.push(`${doc.file}:${line}: ${href} (no heading #${anchor} in ${target})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("names only npm scripts that exist", () => {
    const named = [...doc.text.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(named.filter((name) => !(name in scripts))).toEqual([]);
  });

  it("names only repository paths that exist", () => {
    const missing = doc.inlineCode
      .map(({ code, line }) => ({ code: code.replace(/[.,:;]$/, ""), line }))
      // A path in this repository: a top-level folder of ours, or a dotfile or config at the root.
      .filter(({ code }) =>
        /^(app|lib|tests|scripts|supabase|studio|schemas|sections|bench|docs|assets)\/[\w./[\]@-]+$|^\.(env\.example|nvmrc|npmrc)$|^(Dockerfile|package\.json|[\w-]+\.config\.(ts|mjs)|proxy\.ts|instrumentation\.ts)$/.test(
          code,
        ),
      )
      .filter(({ code }) => !existsSync(code))
      .map(({ code, line }) => `${doc.file}:${line}: ${code}`);
    expect(missing).toEqual([]);
  });

  it("tags every shell block with how the tests treat it", () => {
    const unknown = shellBlocks([doc]).filter(
      (b) => !["", "server", "dev-server", "suite", "external"].includes(b.tag),
    );
    expect(unknown.map((b) => `${b.file}:${b.line}: "${b.tag}"`)).toEqual([]);
  });

  it("marks as external only commands that need an account or a service this machine lacks", () => {
    const local: string[] = [];
    for (const block of shellBlocks([doc]).filter((b) => b.tag === "external")) {
      for (const command of commands(block.script)) {
        const script = /^npm run ([\w:-]+)/.exec(command)?.[1];
        const effective = script ? (scripts[script] ?? "") : command.replace(/^(\w+=\S*\s+)+/, "");
        if (!EXTERNAL.some((re) => re.test(effective))) local.push(`${block.file}:${block.line}: ${command}`);
      }
    }
    expect(local).toEqual([]);
  });

  it("says `npm test` in a suite block, and nothing else", () => {
    for (const block of shellBlocks([doc]).filter((b) => b.tag === "suite"))
      expect(commands(block.script), `${block.file}:${block.line}`).toEqual(["npm test"]);
  });
});

describe("SQL in the docs", () => {
  let db: PGlite;
  const blocks = docs.flatMap((d) =>
    d.fences.filter((f) => f.lang === "sql").map((f) => ({ where: `${d.file}:${f.line}`, sql: f.content })),
  );

  beforeAll(async () => {
    db = await migratedDatabase();
  });
  afterAll(() => db.close());

  it("has queries to run", () => {
    expect(blocks.length).toBeGreaterThan(0);
  });

  it.each(blocks.map((b) => [b.where, b.sql] as const))("%s runs against the migrated schema", async (_where, sql) => {
    await expect(db.exec(sql)).resolves.toBeDefined();
  });
});

it("parses every document into headings and links (an empty parse would pass every check above)", () => {
  for (const doc of docs) expect(doc.anchors.size, doc.file).toBeGreaterThan(0);
  expect(docs.flatMap((d) => d.links).length).toBeGreaterThan(10);
});
