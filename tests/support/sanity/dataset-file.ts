import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { E2E_WORKER, e2eDataDir } from "../../../scripts/lib/e2e-hosts.ts";

/** This worker's embedded server's own copy of the dataset (playwright.config.ts): tests edit it like a CMS. */
export const E2E_DATASET = `${e2eDataDir(E2E_WORKER)}/embedded/landing.ndjson`;

export type Doc = Record<string, unknown> & { _id: string; _type: string };

export function readDataset(file = E2E_DATASET): Doc[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Doc);
}

export function writeDataset(docs: Doc[], file = E2E_DATASET): void {
  writeFileSync(file, docs.map((d) => JSON.stringify(d)).join("\n") + "\n");
}

/** Applies `edit` to the document with `id`, returning a function that restores the file. */
export function editDocument(id: string, edit: (doc: Doc) => void, file = E2E_DATASET): () => void {
  const original = readFileSync(file, "utf8");
  const docs = readDataset(file);
  const doc = docs.find((d) => d._id === id);
  if (!doc) throw new Error(`no document ${id} in ${file}`);
  edit(doc);
  writeDataset(docs, file);
  return () => writeFileSync(file, original);
}

/** Draft documents the tests preview; kept out of the importable seed so an import never creates pending drafts. */
export const DRAFT_FIXTURES = "tests/fixtures/landing-drafts.ndjson";

/** A temporary dataset: the seed followed by the draft fixtures, as a project with unpublished edits holds them. */
export function seedWithDrafts(seed = "studio/seed/landing.ndjson"): string {
  const file = join(mkdtempSync(join(tmpdir(), "seed-drafts-")), "landing.ndjson");
  writeFileSync(file, readFileSync(seed, "utf8") + readFileSync(DRAFT_FIXTURES, "utf8"));
  return file;
}
