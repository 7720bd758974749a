import { describe, expect, it } from "vitest";
import { LANDING_QUERY } from "@/lib/content/queries";
import { schemaTypes } from "@/schemas";
import { sectionTypes } from "@/schemas/sections";
import { SECTION_TYPES } from "@/sections/section-types";

/** sections/section-types.ts is the one list of section types: the query and the Studio must follow it. */
describe("the list of section types", () => {
  it("is what the landing query projects, one projection per type", () => {
    const projected = [...LANDING_QUERY.matchAll(/_type == "(\w+Section)" =>/g)].map((m) => m[1]);
    expect(projected).toEqual([...SECTION_TYPES]);
  });

  it("is what the Studio offers in the page's sections, in the same order", () => {
    expect(sectionTypes.map((type) => type.name)).toEqual([...SECTION_TYPES]);
    const page = schemaTypes.find((type) => type.name === "landingPage") as unknown as {
      fields: { name: string; of?: { type: string }[] }[];
    };
    const offered = page.fields.find((field) => field.name === "sections")!.of!.map((member) => member.type);
    expect(offered).toEqual([...SECTION_TYPES]);
    for (const type of SECTION_TYPES) expect(schemaTypes.map((t) => t.name)).toContain(type);
  });
});
