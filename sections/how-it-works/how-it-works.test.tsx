// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MARKETS } from "@/lib/markets/markets";
import { seedSection } from "@/tests/support/sanity/seed-section";
import { HowItWorksSection } from "./how-it-works-section";

afterEach(cleanup);

describe("the how-it-works section", () => {
  it.each(MARKETS)("shows the %s seed's steps as an ordered list, in the marketer's order", async (market) => {
    const { section } = await seedSection(market, "howItWorksSection");
    render(<HowItWorksSection section={section} id="section-steps" tone="white" />);

    const region = screen.getByRole("region", { name: section.title });
    const list = within(region).getByRole("list");
    expect(list.tagName).toBe("OL");
    const steps = within(list).getAllByRole("listitem");
    expect(steps.map((step) => within(step).getByRole("heading", { level: 3 }).textContent)).toEqual(
      section.steps.map((step) => step.title),
    );
    // The visible numbers follow the order; assistive technology hears the list's own numbering instead.
    expect(steps.map((step) => step.querySelector("[aria-hidden=true]")?.textContent)).toEqual(
      section.steps.map((_, index) => String(index + 1)),
    );
    if (section.intro) expect(within(region).getByText(section.intro)).toBeTruthy();
  });
});
