// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MARKETS } from "@/lib/markets/markets";
import { seedSection } from "@/tests/support/sanity/seed-section";
import { CallToActionSection } from "./call-to-action-section";

afterEach(cleanup);

describe("the call-to-action section", () => {
  it.each(MARKETS)("leads %s visitors to the contact form with the content's button", async (market) => {
    const { section } = await seedSection(market, "callToActionSection");
    render(<CallToActionSection section={section} id="section-cta" />);

    const region = screen.getByRole("region", { name: section.title });
    expect(within(region).getByText(section.body)).toBeTruthy();
    expect(within(region).getByRole("link", { name: section.cta }).getAttribute("href")).toBe("#contact-form");
  });
});
