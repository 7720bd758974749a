import { beforeEach, describe, expect, it, vi } from "vitest";
import { leadReference } from "@/lib/conversation/reference";
import type { Market } from "@/lib/markets/markets";
import { seedLandingContent } from "../support/sanity/seed-landing-content";

// The content source is counted, not replaced in behaviour: it answers with the seed's validated content.
const getLanding = vi.hoisted(() => vi.fn());
vi.mock("@/lib/content/landing-source", () => ({ getLanding }));
const { leadFollowUp, submissionContent } = await import("@/lib/conversation/confirm-lead");

const lead = { id: "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b", market: "mx" as Market, contact: "Ana", email: "a@b.mx" };
/** Monday 9 November 2026, 10:00 in Mexico City. */
const AT = new Date("2026-11-09T16:00:00Z");

beforeEach(() => {
  getLanding.mockReset();
  getLanding.mockImplementation((market: Market) => seedLandingContent(market));
});

describe("a submission's follow-up reads its market's content", () => {
  it("once, for the answer and then for the confirmation email", async () => {
    const content = submissionContent();
    const followUp = await leadFollowUp(lead, content, AT);
    expect(followUp.contactTime).toBe("hoy, antes de las 14:00 (hora del centro de México)");
    // What the confirmation email reads after the response.
    expect((await content("mx")).followUp?.emailSubject).toBeTruthy();
    expect(getLanding).toHaveBeenCalledTimes(1);
  });

  it("afresh for the next submission, so a published edit reaches the next lead", async () => {
    await leadFollowUp(lead, submissionContent(), AT);
    await leadFollowUp(lead, submissionContent(), AT);
    expect(getLanding).toHaveBeenCalledTimes(2);
  });

  it("and when the content cannot be read, the lead still gets its reference, and the read is not retried", async () => {
    getLanding.mockRejectedValue(new Error("Content Lake down"));
    const content = submissionContent();
    const followUp = await leadFollowUp(lead, content, AT);
    expect(followUp).toMatchObject({ reference: leadReference(lead.id), contactTime: null });
    await expect(content("mx")).rejects.toThrow("Content Lake down");
    expect(getLanding).toHaveBeenCalledTimes(1);
  });
});
