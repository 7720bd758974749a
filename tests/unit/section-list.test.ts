import { build } from "esbuild";
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

  it("loads neither a component (the Studio reads it) nor the Studio (the site reads it)", async () => {
    const { metafile } = await build({
      entryPoints: ["sections/section-types.ts", "lib/content/landing-content.ts", "lib/content/queries.ts"],
      bundle: true,
      write: false,
      metafile: true,
      platform: "node",
      format: "esm",
      outdir: "out",
      packages: "external",
    });
    const files = Object.keys(metafile.inputs);
    expect(files).toContain("sections/proof/contract.ts");
    expect(files.filter((file) => file.endsWith(".tsx"))).toEqual([]);
    const packages = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
    expect(packages.filter((name) => name === "sanity" || name.startsWith("sanity/"))).toEqual([]);
  });
});
