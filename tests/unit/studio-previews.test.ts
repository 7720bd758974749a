import { describe, expect, it } from "vitest";
import { sectionTypes } from "@/schemas/sections";
import { proofSection } from "@/sections/proof/schema";
import { regulationSection } from "@/sections/regulation/schema";

type Preview = {
  select?: Record<string, string>;
  prepare?: (value: Record<string, unknown>) => { title?: unknown; subtitle?: unknown };
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const previewOf = (type: any): Preview => type.preview;
/* eslint-disable @typescript-eslint/no-explicit-any -- schema types are read as plain objects here */
const member = (type: any, field: string, name: string): Preview =>
  type.fields.find((f: any) => f.name === field).of.find((m: any) => m.name === name).preview;
/* eslint-enable @typescript-eslint/no-explicit-any */

describe("the Studio's list of sections", () => {
  it("previews every section with its title and what kind of section it is", () => {
    const subtitles = sectionTypes.map((type) => {
      const preview = previewOf(type);
      expect(preview.select).toMatchObject({ title: "title" });
      expect(preview.prepare!({ title: "x", toConfirm: true }).subtitle).toMatch(/^⚠ To confirm before launch · /);
      const shown = preview.prepare!({ title: "Preguntas frecuentes" });
      expect(shown.title).toBe("Preguntas frecuentes");
      return shown.subtitle;
    });
    expect(subtitles).toEqual([
      "How it works",
      "Proof: figures, logos, testimonials",
      "Regulation and safety",
      "FAQ",
      "Call to action",
    ]);
  });

  it("flags illustrative figures, logos, testimonials and licences as “to confirm before launch” in their lists", () => {
    const flagged = (p: Preview, value: Record<string, unknown>) => [
      p.prepare!({ ...value, toConfirm: true }).subtitle,
      p.prepare!({ ...value, toConfirm: false }).subtitle,
    ];
    expect(flagged(member(proofSection, "figures", "figure"), { value: "+1,200", label: "empresas" })).toEqual([
      "⚠ To confirm before launch · empresas",
      "empresas",
    ]);
    expect(flagged(member(proofSection, "logos", "logo"), { title: "Café Altura" })).toEqual([
      "⚠ To confirm before launch · Logo",
      "Logo",
    ]);
    expect(flagged(member(proofSection, "testimonials", "testimonial"), { name: "Ana", company: "Acme" })).toEqual([
      "⚠ To confirm before launch · Acme",
      "Acme",
    ]);
    expect(flagged(member(regulationSection, "licences", "licence"), { title: "CNBV", number: "P-1" })).toEqual([
      "⚠ To confirm before launch · P-1",
      "P-1",
    ]);
  });
});
