import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { evaluate, parse } from "groq-js";

type SanityDocument = { _id: string; _type: string; [key: string]: unknown };
export type Perspective = "published" | "drafts";

let cache: { path: string; mtimeMs: number; docs: SanityDocument[] } | undefined;

/** The NDJSON dataset, re-read when the file changes so an edit shows up on the next revalidation. */
async function loadDocuments(file: string): Promise<SanityDocument[]> {
  // The file is configurable (tests edit a copy), so it is resolved at run time, not traced at build time.
  const path = resolve(/*turbopackIgnore: true*/ process.cwd(), file);
  const { mtimeMs } = await stat(path);
  if (cache?.path === path && cache.mtimeMs === mtimeMs) return cache.docs;
  const docs = (await readFile(path, "utf8"))
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line) as SanityDocument;
      } catch {
        throw new Error(`${file}:${index + 1} is not valid JSON`);
      }
    });
  cache = { path, mtimeMs, docs };
  return docs;
}

/**
 * Applies a perspective the way the Content Lake does: `published` hides `drafts.*` documents; `drafts` shows
 * each draft in place of its published document, under the published id.
 */
export function applyPerspective(docs: SanityDocument[], perspective: Perspective): SanityDocument[] {
  const published = docs.filter((d) => !d._id.startsWith("drafts."));
  if (perspective === "published") return published;
  const drafts = new Map(
    docs.filter((d) => d._id.startsWith("drafts.")).map((d) => [d._id.slice("drafts.".length), d]),
  );
  const merged = published.map((d) => {
    const draft = drafts.get(d._id);
    return draft ? { ...draft, _id: d._id } : d;
  });
  const draftOnly = [...drafts]
    .filter(([id]) => !published.some((d) => d._id === id))
    .map(([id, d]) => ({ ...d, _id: id }));
  return [...merged, ...draftOnly];
}

/** Runs a GROQ query over the local dataset with groq-js: the same queries the Content Lake answers. */
export async function queryLocalDataset<T>(
  file: string,
  query: string,
  params: Record<string, unknown>,
  perspective: Perspective,
): Promise<T> {
  const dataset = applyPerspective(await loadDocuments(file), perspective);
  const result = await evaluate(parse(query, { params }), { dataset, params });
  return (await result.get()) as T;
}
