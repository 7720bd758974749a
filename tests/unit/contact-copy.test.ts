import { describe, expect, expectTypeOf, it } from "vitest";
import { contactFormCopy, contactSchema, type ContactContent } from "@/lib/content/contact-content";
import { FORM_MESSAGES, FORM_MESSAGE_KEYS, type FormMessage } from "@/lib/content/contact-messages";
import { parseLanding } from "@/lib/content/landing-content";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { LANDING_QUERY } from "@/lib/content/queries";
import type { LANDING_QUERY_RESULT } from "@/lib/content/sanity.types";
import { contactSection } from "@/schemas/contact-form";

const seed = async () =>
  (await queryLocalDataset<LANDING_QUERY_RESULT>(
    "studio/seed/landing.ndjson",
    LANDING_QUERY,
    { market: "br" },
    "published",
  ))!;

/** The failing fields parseLanding names, as "contact.key: message" lines. */
function problems(doc: LANDING_QUERY_RESULT): string[] {
  try {
    parseLanding(doc, "market br");
    return [];
  } catch (error) {
    return (error as Error).message
      .split("\n")
      .slice(1)
      .map((line) => line.trim());
  }
}

describe("the contact form's messages, declared once", () => {
  it("are what the Studio offers, the query reads and the contract checks: the same keys everywhere", async () => {
    const studio = contactSection.fields.map((field) => field.name).sort();
    const queried = Object.keys((await seed()).contact).sort();
    const checked = Object.keys(contactSchema.shape).sort();
    expect(queried).toEqual(checked);
    expect(studio).toEqual(checked);
    for (const key of FORM_MESSAGE_KEYS) expect(checked).toContain(key);
    // TypeGen's type of the query result has the contract's keys too.
    expectTypeOf<keyof NonNullable<LANDING_QUERY_RESULT>["contact"]>().toEqualTypeOf<keyof ContactContent>();
  });

  it("each sit in the Studio under their declared title, help text and tab", () => {
    for (const key of FORM_MESSAGE_KEYS) {
      const field = contactSection.fields.find((f) => f.name === key) as {
        title?: string;
        description?: string;
        group?: string;
      };
      const declared: FormMessage = FORM_MESSAGES[key];
      expect(field, key).toMatchObject({
        title: declared.title,
        description: declared.description,
        group: declared.group,
      });
    }
  });

  it.each(FORM_MESSAGE_KEYS.filter((key) => "placeholders" in FORM_MESSAGES[key]))(
    "%s: a message without what the form fills in is refused, naming the field",
    async (key) => {
      const doc = await seed();
      const placeholders = (FORM_MESSAGES[key] as FormMessage).placeholders!;
      doc.contact[key] = placeholders.reduce((text, p) => text.replaceAll(p, "…"), doc.contact[key]);
      expect(problems(doc)).toContain(`contact.${key}: must contain ${placeholders.join(" or ")}`);
    },
  );

  it.each(FORM_MESSAGE_KEYS)("%s: a blank message is refused, naming the field", async (key) => {
    const doc = await seed();
    doc.contact[key] = " ";
    expect(problems(doc)).toContainEqual(expect.stringMatching(new RegExp(`^contact\\.${key}: must not be empty`)));
  });

  it("reach the form, every one of them and nothing else of the contact content", async () => {
    const content = parseLanding(await seed(), "market br");
    const copy = contactFormCopy(content.contact, content.locale, content.currency);
    expect(Object.keys(copy).sort()).toEqual(["fields", "options", ...FORM_MESSAGE_KEYS].sort());
    for (const key of FORM_MESSAGE_KEYS) expect(copy[key]).toBe(content.contact[key]);
    // The first amount range carries its local equivalent, in reais.
    expect(copy.options.volume[0]!.label).toMatch(/R\$/);
    expect(copy.options.country.map((o) => o.value)).toEqual(content.contact.countryOptions.map((o) => o.value));
  });
});
