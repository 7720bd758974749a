import "server-only";
import type { Lead } from "../contact/leads-store-contract";
import { getLanding } from "../content/landing-source";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { followUpFor, type FollowUp, type FollowUpLead } from "./follow-up";
import { leadEmailOff, leadEmailSettings, sendLeadConfirmation } from "./lead-email";

/**
 * The contact route's follow-up of a lead, from its market's published content. A lead is already stored when this
 * runs, so nothing here may fail it: without readable content the visitor still gets the reference.
 */
export async function leadFollowUp(lead: FollowUpLead, now = new Date()): Promise<FollowUp> {
  let content = null;
  try {
    content = (await getLanding(lead.market)).followUp;
  } catch {
    // getLanding logged why; the answer goes out with the reference only.
  }
  try {
    return followUpFor(lead, content, now);
  } catch (error) {
    log.error("content.incomplete", "The follow-up content gives no contact time: the lead got its reference only", {
      market: lead.market,
      err: error,
    });
    return followUpFor(lead, null, now);
  }
}

/** Sends the lead its confirmation email with the market's current content and this server's settings. */
export async function confirmLead(lead: Lead, followUp: FollowUp): Promise<void> {
  const env = serverEnv();
  let landing;
  try {
    landing = await getLanding(lead.market);
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
  });
}
