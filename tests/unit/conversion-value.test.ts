import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { VOLUMES } from "@/lib/leads/options";
import { MARKETS } from "@/lib/markets/markets";
import { conversionValueKey } from "@/lib/stages/conversion-value-keys";
import { valueOf } from "@/lib/stages/conversion-value";
import { landingPage } from "@/schemas/landing-page";

/** The table marketers edit in the Studio: what a lead of each monthly volume is worth, per market, in USD. */
describe("the volume-to-value table", () => {
  const table = { v_0_4999: 40, v_5000_9999: 120.456, v_10000_49999: 0, v_50000_99999: -5, v_100000_plus: "3500" };

  it("gives each range its value in USD to the cent, and none for an empty, negative or non-numeric entry", () => {
    expect(valueOf(table, "0-4999")).toBe(40);
    expect(valueOf(table, "5000-9999")).toBe(120.46);
    expect(valueOf(table, "10000-49999")).toBe(0);
    expect(valueOf(table, "50000-99999")).toBeNull();
    expect(valueOf(table, "100000-plus")).toBeNull();
    expect(valueOf(null, "0-4999")).toBeNull();
    expect(valueOf({}, "0-4999")).toBeNull();
  });

  it("has one Studio field per volume range of the form, and nothing else", () => {
    const field = landingPage.fields.find((f) => f.name === "conversionValues") as unknown as {
      fields: { name: string }[];
    };
    expect(field.fields.map((f) => f.name)).toEqual(VOLUMES.map(conversionValueKey));
  });

  it("is filled in the seed for every market, a larger payer worth more", () => {
    const pages = readFileSync("studio/seed/landing.ndjson", "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { _type: string; market: string; conversionValues?: Record<string, number> })
      .filter((doc) => doc._type === "landingPage");
    for (const market of MARKETS) {
      const values = VOLUMES.map((volume) => valueOf(pages.find((p) => p.market === market)?.conversionValues, volume));
      expect(
        values.every((value) => typeof value === "number"),
        market,
      ).toBe(true);
      expect(values, market).toEqual([...values].sort((a, b) => a! - b!));
    }
  });
});
