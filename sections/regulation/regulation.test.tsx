// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { MARKETS } from "@/lib/markets/markets";
import { seedSection } from "@/tests/support/sanity/seed-section";
import { RegulationSection } from "./regulation-section";

afterEach(cleanup);

describe("the regulation section", () => {
  it.each(MARKETS)(
    "names the %s legal entity from the company facts and links each licence to its public register",
    async (market) => {
      const { section, company } = await seedSection(market, "regulationSection");
      render(<RegulationSection section={section} id="section-regulation" tone="white" company={company} />);

      const region = screen.getByRole("region", { name: section.title });
      const terms = [...region.querySelectorAll("dt")].map((dt) => dt.textContent);
      const details = [...region.querySelectorAll("dd")].map((dd) => dd.textContent);
      expect(terms).toEqual([section.entityLabel, company.taxIdLabel]);
      expect(details).toEqual([company.legalName, company.taxId]);
      for (const licence of section.licences) {
        expect(within(region).getByText(licence.regulator)).toBeTruthy();
        expect(within(region).getByText(licence.number)).toBeTruthy();
        const link = within(region).getByRole("link", { name: licence.registerLabel });
        expect(link.getAttribute("href")).toBe(licence.registerUrl);
        expect(link.getAttribute("href")).toMatch(/^https:\/\//);
      }
      expect(
        within(region)
          .getAllByRole("heading", { level: 3 })
          .map((h) => h.textContent),
      ).toEqual([section.funds.title, section.compliance.title, section.dataSecurity.title]);
    },
  );
});
