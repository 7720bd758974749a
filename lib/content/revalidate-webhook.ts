import { z } from "zod";
import { MARKETS } from "../markets/markets";

/**
 * What the Sanity webhook sends (projection `{_type, _id, market}`). A market's privacy notice renders inside its
 * landing page and shares the page's cache tag, so either document revalidates that one page.
 */
export const webhookBodySchema = z.object({
  _type: z.enum(["landingPage", "privacyNotice"]),
  _id: z.string().optional(),
  market: z.enum(MARKETS),
});

/** The tag of exactly the changed document: one market's landing page. */
export const documentTag = (market: (typeof MARKETS)[number]) => `landingPage:${market}`;
