import { describe, expect, it } from "vitest";
import { parseLanding } from "@/lib/content/landing-content";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { LANDING_QUERY } from "@/lib/content/queries";
import type { LANDING_QUERY_RESULT } from "@/lib/content/sanity.types";
import { sectionSchema, type SectionType } from "@/sections/section-types";
import { MARKETS, type Market } from "@/lib/markets/markets";

const query = (market: Market) =>
  queryLocalDataset<LANDING_QUERY_RESULT>("studio/seed/landing.ndjson", LANDING_QUERY, { market }, "published");

// Loose shapes: each case breaks what the contract must refuse.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/** One broken shape per rule, each with the field path the error must name (relative to the section). */
const BROKEN: Record<SectionType, { name: string; breakIt: (s: Loose) => void; path: RegExp }[]> = {
  howItWorksSection: [
    { name: "two steps", breakIt: (s) => s.steps.splice(2), path: /^steps: needs three or four steps/ },
    {
      name: "five steps",
      breakIt: (s) => s.steps.push(s.steps[0], s.steps[1]),
      path: /^steps: needs three or four steps/,
    },
    {
      name: "a step without a title",
      breakIt: (s) => (s.steps[1].title = " "),
      path: /^steps\.1\.title: must not be empty/,
    },
    { name: "a missing title", breakIt: (s) => (s.title = null), path: /^title:/ },
  ],
  proofSection: [
    {
      name: "nothing to show",
      breakIt: (s) => ((s.figures = []), (s.logos = []), (s.testimonials = [])),
      path: /^figures: add figures, logos or testimonials/,
    },
    { name: "a figure without its footnote", breakIt: (s) => (s.figures[0].note = null), path: /^figures\.0\.note:/ },
    {
      name: "a figure too long for its row",
      breakIt: (s) => (s.figures[1].value = "USD 480 millones de dólares"),
      path: /^figures\.1\.value: At most 16 characters/,
    },
    { name: "a logo without alternative text", breakIt: (s) => (s.logos[2].alt = null), path: /^logos\.2\.alt:/ },
    { name: "a logo never uploaded", breakIt: (s) => (s.logos[0].asset = null), path: /^logos\.0: upload an image/ },
    {
      name: "logos without their heading",
      breakIt: (s) => (s.logosTitle = null),
      path: /^logosTitle: say whose logos these are/,
    },
    {
      name: "a testimonial without a name",
      breakIt: (s) => (s.testimonials[1].name = ""),
      path: /^testimonials\.1\.name:/,
    },
    {
      name: "four testimonials",
      breakIt: (s) => s.testimonials.push(...s.testimonials),
      path: /^testimonials: at most three/,
    },
  ],
  regulationSection: [
    { name: "no licence", breakIt: (s) => (s.licences = []), path: /^licences: name at least one licence/ },
    {
      name: "a register over plain http",
      breakIt: (s) => (s.licences[0].registerUrl = "http://www.example.gob/padron"),
      path: /^licences\.0\.registerUrl: must be a full https/,
    },
    {
      name: "a licence without its number",
      breakIt: (s) => (s.licences[0].number = " "),
      path: /^licences\.0\.number:/,
    },
    { name: "no word on client funds", breakIt: (s) => (s.funds = null), path: /^funds:/ },
    { name: "a blank data-security text", breakIt: (s) => (s.dataSecurity.body = ""), path: /^dataSecurity\.body:/ },
  ],
  faqSection: [
    { name: "no questions", breakIt: (s) => (s.items = []), path: /^items: needs at least one question/ },
    {
      name: "an unanswered question",
      breakIt: (s) => (s.items[3].answer = []),
      path: /^items\.3\.answer: needs at least one paragraph/,
    },
  ],
  callToActionSection: [
    {
      name: "a button too long for a phone",
      breakIt: (s) => (s.cta = "Solicita hoy mismo una propuesta a tu medida"),
      path: /^cta: At most 32 characters/,
    },
    { name: "no text", breakIt: (s) => (s.body = null), path: /^body:/ },
  ],
};

describe("each section's contract", () => {
  for (const market of MARKETS) {
    it(`accepts every section of the ${market} seed, in its order`, async () => {
      const doc = (await query(market))!;
      const types = doc.sections.map((s) => s._type);
      expect(new Set(types)).toEqual(new Set(Object.keys(BROKEN)));
      for (const section of doc.sections) expect(sectionSchema.safeParse(section).success, section._type).toBe(true);
      expect(parseLanding(doc, market).sections.map((s) => s._type)).toEqual(types);
    });
  }

  for (const [type, cases] of Object.entries(BROKEN)) {
    for (const { name, breakIt, path } of cases) {
      it(`${type}: refuses ${name}, naming the field`, async () => {
        const doc = structuredClone(await query("mx"))!;
        const index = doc.sections.findIndex((s) => s._type === type);
        breakIt(doc.sections[index]);
        const problems = (() => {
          try {
            parseLanding(doc, "market mx");
            return [];
          } catch (error) {
            return (error as Error).message
              .split("\n")
              .slice(1)
              .map((line) => line.trim());
          }
        })();
        const prefix = `sections.${index}.`;
        expect(problems.filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length))).toContainEqual(
          expect.stringMatching(path),
        );
      });
    }
  }

  it("refuses a section type the site does not know", async () => {
    const doc = structuredClone(await query("br"))!;
    (doc.sections[0] as Loose)._type = "pricingTableSection";
    expect(() => parseLanding(doc, "market br")).toThrow(/sections\.0\._type/);
  });
});
