import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import { evaluate, parse } from "groq-js";

type SanityDocument = { _id: string; _type: string; [key: string]: unknown };
/** `published`, `drafts`, or a stack of release ids (with `drafts` or `published`), highest first. */
export type Perspective = "published" | "drafts" | readonly string[];

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

/** The layer a document id belongs to (`published`, `drafts` or a release id) and the id it is shown under. */
function layerOf(id: string): { layer: string; baseId: string } {
  if (id.startsWith("drafts.")) return { layer: "drafts", baseId: id.slice("drafts.".length) };
  const version = /^versions\.([^.]+)\.(.+)$/.exec(id);
  return version ? { layer: version[1]!, baseId: version[2]! } : { layer: "published", baseId: id };
}

/**
 * Applies a perspective the way the Content Lake does: `published` shows published documents only; `drafts` shows
 * each draft in place of its published document, under the published id; a stack such as `["rSpring", "drafts"]`
 * shows each document from the first layer that has it (the release's version `versions.rSpring.<id>`, else the
 * draft), published documents always underneath. Versions of releases outside the stack stay hidden.
 */
export function applyPerspective(docs: SanityDocument[], perspective: Perspective): SanityDocument[] {
  const stack =
    perspective === "published"
      ? ["published"]
      : perspective === "drafts"
        ? ["drafts", "published"]
        : [...perspective.filter((layer) => layer !== "published"), "published"];
  const shown = new Map<string, { rank: number; doc: SanityDocument }>();
  for (const doc of docs) {
    const { layer, baseId } = layerOf(doc._id);
    const rank = stack.indexOf(layer);
    const current = shown.get(baseId);
    if (rank === -1 || (current && current.rank <= rank)) continue;
    shown.set(baseId, { rank, doc: layer === "published" ? doc : { ...doc, _id: baseId } });
  }
  return [...shown.values()].map(({ doc }) => doc);
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
