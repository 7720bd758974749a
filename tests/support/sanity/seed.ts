import type { Market } from "../../../lib/markets/markets";
import { readDataset } from "./dataset-file";

// Seed documents are read as loose JSON: tests pick the copy they assert on.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type SeedDoc = Record<string, any> & { _id: string; _type: string };

/** The published seed document of a market: the copy every page test expects to see. */
export function seedLanding(market: Market, file = "studio/seed/landing.ndjson"): SeedDoc {
  const docs = readDataset(file) as SeedDoc[];
  const doc = docs.find((d) => d._type === "landingPage" && d.market === market && !d._id.startsWith("drafts."));
  if (!doc) throw new Error(`seed has no published landingPage for ${market}`);
  return doc;
}
