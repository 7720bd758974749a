// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MARKETS } from "@/lib/markets/markets";
import { seedSection } from "@/tests/support/sanity/seed-section";
import { ProofSection } from "./proof-section";

afterEach(cleanup);

describe("the proof section", () => {
  it.each(MARKETS)(
    "shows the %s figures with their sources, the logos by name and the testimonials",
    async (market) => {
      const { section } = await seedSection(market, "proofSection");
      render(<ProofSection section={section} id="section-proof" tone="slate" />);

      const region = screen.getByRole("region", { name: section.title });
      for (const figure of section.figures) {
        const item = within(region).getByText(figure.value).closest("li")!;
        expect(within(item).getByText(figure.label)).toBeTruthy();
        expect(within(item).getByText(figure.note)).toBeTruthy();
      }
      expect(within(region).getByRole("heading", { name: section.logosTitle! })).toBeTruthy();
      for (const logo of section.logos) {
        const image = within(region).getByRole("img", { name: logo.alt });
        // Its box is reserved before it loads: no layout shift below the fold.
        expect(Number(image.getAttribute("width"))).toBeGreaterThan(0);
        expect(image.getAttribute("height")).toBe("40");
        expect(image.getAttribute("loading")).toBe("lazy");
      }
      const quotes = [...region.querySelectorAll("figure")];
      expect(quotes).toHaveLength(section.testimonials.length);
      section.testimonials.forEach((t, i) => {
        expect(quotes[i]!.querySelector("blockquote")?.textContent).toBe(`“${t.quote}”`);
        expect(quotes[i]!.querySelector("figcaption")?.textContent).toContain(`${t.role}, ${t.company}`);
      });
    },
  );

  it("leaves out the logos' heading when a market shows no logos", async () => {
    const { section } = await seedSection("br", "proofSection");
    render(<ProofSection section={{ ...section, logos: [] }} id="section-proof" tone="white" />);
    const region = screen.getByRole("region", { name: section.title });
    expect(within(region).queryByText(section.logosTitle!)).toBeNull();
    expect(within(region).queryAllByRole("img")).toEqual([]);
  });
});
