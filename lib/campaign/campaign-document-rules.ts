import { evaluate, parse } from "groq-js";
import { keyedPath, type DocumentProblem } from "../content/landing-document-rules";
import { landingContentSchema } from "../content/landing-content";
import { CAMPAIGN_PAGE_QUERY } from "../content/queries";
import { campaignContentSchema, mergeCampaign } from "./campaign-content";

type Doc = { _id?: string; _type?: string; market?: unknown; [field: string]: unknown };

/** Said (not refused) in the Studio when a campaign page overrides nothing. */
export const NOTHING_OVERRIDDEN =
  "Nothing overridden: this page shows its market's landing page as it is, under its own title and description.";

/**
 * What the site would refuse in this campaign document, each problem on its field: the site's query (through
 * groq-js) and its contract, then, given the market's landing content as the site reads it, the merged page's
 * contract (an overridden starting amount must still show a saving).
 */
export async function campaignDocumentProblems(doc: Doc, landing?: unknown): Promise<DocumentProblem[]> {
  const params = { id: doc._id ?? null };
  const projected = await (await evaluate(parse(CAMPAIGN_PAGE_QUERY, { params }), { dataset: [doc], params })).get();
  const parsed = campaignContentSchema.safeParse(projected);
  if (!parsed.success)
    return parsed.error.issues.map((issue) => ({
      path: keyedPath(doc, issue.path),
      message: `The site refuses this: ${issue.message}`,
    }));
  const market = landingContentSchema.safeParse(landing);
  if (!market.success) return [];
  const merged = landingContentSchema.safeParse(mergeCampaign(market.data, parsed.data));
  if (merged.success) return [];
  return merged.error.issues.map((issue) => ({
    // The estimate's saving is the only rule an override can break in the merged page: it hangs on the amount.
    path: issue.path[0] === "hero" ? ["hero", "defaultAmount"] : keyedPath(doc, issue.path),
    message: `The site refuses this with the market's page: ${issue.path.join(".")}: ${issue.message}`,
  }));
}
