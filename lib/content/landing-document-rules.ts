import { evaluate, parse } from "groq-js";
import { landingContentSchema } from "./landing-content";
import { LANDING_QUERY } from "./queries";

/** A path into a Sanity document: field names, and array items by `_key` (or index when an item has none). */
export type DocumentPath = (string | number | { _key: string })[];
export type DocumentProblem = { path: DocumentPath; message: string };

type Doc = { _id?: string; _type?: string; market?: unknown; [field: string]: unknown };

/** Array indexes become `{_key}` segments, the form the Studio uses to put a marker on an array item. */
export function keyedPath(doc: unknown, path: readonly PropertyKey[]): DocumentPath {
  const out: DocumentPath = [];
  let value: unknown = doc;
  for (const segment of path) {
    const key = typeof segment === "symbol" ? String(segment) : segment;
    const item =
      Array.isArray(value) && typeof key === "number" ? (value[key] as { _key?: unknown } | undefined) : undefined;
    out.push(item && typeof item._key === "string" ? { _key: item._key } : key);
    value = value != null && typeof value === "object" ? (value as Record<string | number, unknown>)[key] : undefined;
  }
  return out;
}

/**
 * What the site would refuse in this landing document, each problem on its field. It runs the site's own code on
 * the document: the page's GROQ query (through groq-js, as the embedded dataset does) and then the page's
 * content contract, so a document the Studio accepts is one the site renders.
 */
export async function landingDocumentProblems(doc: Doc): Promise<DocumentProblem[]> {
  const params = { market: doc.market ?? null };
  const projected = await (await evaluate(parse(LANDING_QUERY, { params }), { dataset: [doc], params })).get();
  if (projected == null)
    return [{ path: ["market"], message: "The site shows a landing page only for a known market." }];
  const parsed = landingContentSchema.safeParse(projected);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: keyedPath(doc, issue.path),
    message: `The site refuses this: ${issue.message}`,
  }));
}
