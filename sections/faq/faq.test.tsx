// @vitest-environment happy-dom
import { toPlainText } from "@portabletext/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MARKETS } from "@/lib/markets/markets";
import { seedSection } from "@/tests/support/sanity/seed-section";
import { FaqSection } from "./faq-section";

afterEach(cleanup);

describe("the FAQ section", () => {
  it.each(MARKETS)("shows each %s question as a closed disclosure holding its answer", async (market) => {
    const { section } = await seedSection(market, "faqSection");
    render(<FaqSection section={section} id="section-faq" tone="slate" />);

    const region = screen.getByRole("region", { name: section.title });
    const disclosures = [...region.querySelectorAll("details")];
    expect(disclosures.map((d) => d.querySelector("summary")?.textContent)).toEqual(
      section.items.map((item) => item.question),
    );
    disclosures.forEach((disclosure, i) => {
      // Closed until the visitor opens it, which works without JavaScript.
      expect(disclosure.open).toBe(false);
      const answer = toPlainText(section.items[i]!.answer);
      expect(disclosure.textContent).toContain(answer.slice(0, 40));
    });
    expect(within(region).getAllByRole("heading")).toHaveLength(1);
  });
});
