import "server-only";
import type { Lead } from "../contact/leads-store-contract";
import type { LandingContent } from "../content/landing-content";
import { getLanding } from "../content/landing-source";
import { leadEmailOff } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import type { Market } from "../markets/markets";
import { followUpFor, type FollowUp, type FollowUpLead } from "./next-steps";
import { leadEmailSettings, sendLeadConfirmation } from "./lead-email";

export type ContentRead = (market: Market) => Promise<LandingContent>;

/**
 * One submission's read of its market's published content, shared by the answer and the confirmation email: each read
 * validates the whole landing document, and two reads per lead took a sixth of the server's CPU time.
 */
export function submissionContent(): ContentRead {
  const reads = new Map<Market, Promise<LandingContent>>();
  return (market) => {
    let read = reads.get(market);
    if (!read) {
      read = getLanding(market);
      reads.set(market, read);
    }
    return read;
  };
}

/**
 * The contact route's follow-up of a lead, from its market's published content. A lead is already stored when this
 * runs, so nothing here may fail it: without readable content the visitor still gets the reference.
 */
export async function leadFollowUp(lead: FollowUpLead, content: ContentRead, now = new Date()): Promise<FollowUp> {
  let followUpContent = null;
  try {
    followUpContent = (await content(lead.market)).followUp;
  } catch {
    // getLanding logged why; the answer goes out with the reference only.
  }
  try {
    return followUpFor(lead, followUpContent, now);
  } catch (error) {
    log.error("content.incomplete", "The follow-up content gives no contact time: the lead got its reference only", {
      market: lead.market,
      err: error,
    });
    return followUpFor(lead, null, now);
  }
}

/**
 * Sends the lead its confirmation email with the market's current content and this server's settings; `client` is
 * the address that sent it.
 */
export async function confirmLead(
  lead: Lead,
  followUp: FollowUp,
  content: ContentRead,
  client: string | undefined,
): Promise<void> {
  const env = serverEnv();
  let landing;
  try {
    landing = await content(lead.market);
  } catch {
    return log.warn("lead_email.skipped", "No confirmation email: the market's content could not be read", {
      leadId: lead.id,
      market: lead.market,
      reason: "content-unavailable",
    });
  }
  await sendLeadConfirmation(lead, followUp, {
    landing,
    siteUrl: env.NEXT_PUBLIC_SITE_URL,
    settings: leadEmailSettings(env),
    off: leadEmailOff(env),
    client,
  });
}
