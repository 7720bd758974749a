import { defineArrayMember, defineField } from "sanity";
import { COPY_LIMITS, limitMessage, type CopyLimit } from "../lib/content/copy-limits";

/**
 * Field builders shared by the landing page's objects and its section types. The rules here are the Studio's
 * hints while typing; what the site refuses is reported by the document-level rule (the site's own contract).
 */

/**
 * Required copy. Short copy also warns as it nears its 360 px limit; past the limit the document-level rule (the
 * site's own contract) reports the error, so Studio and site refuse the same thing.
 */
export const textField = (name: string, title: string, description: string, limit?: CopyLimit) =>
  defineField({
    name,
    title,
    description,
    type: "string",
    validation: (r) =>
      limit ? [r.required(), r.max(COPY_LIMITS[limit].warn).warning(limitMessage(limit, "warn"))] : r.required(),
  });

/** Required copy that may run to a few sentences (a multi-line box in the Studio). */
export const paragraphField = (name: string, title: string, description: string) =>
  defineField({ name, title, description, type: "text", rows: 3, validation: (r) => r.required() });

/** Copy a marketer may leave out. */
export const optionalParagraphField = (name: string, title: string, description: string) =>
  defineField({ name, title, description, type: "text", rows: 2 });

export const portableTextField = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: "array",
    of: [
      defineArrayMember({
        type: "block",
        styles: [{ title: "Normal", value: "normal" }],
        lists: [],
        marks: { decorators: [{ title: "Strong", value: "strong" }], annotations: [] },
      }),
    ],
    validation: (r) => r.required().min(1),
  });

export const TO_CONFIRM_MESSAGE =
  "To confirm before launch: an illustrative example, not a verified fact of the company.";

/**
 * Marks a company fact, figure, logo or testimonial the project started with as illustrative. While ticked, the
 * Studio warns on it (publishing is not blocked); the site never reads it.
 */
export const toConfirmField = () =>
  defineField({
    name: "toConfirm",
    title: "Illustrative: to confirm before launch",
    description:
      "Ticked on the examples the site was built with. Replace them with the company's real, verified facts, then untick.",
    type: "boolean",
    initialValue: false,
    validation: (r) => r.custom((value) => (value === true ? TO_CONFIRM_MESSAGE : true)).warning(),
  });

/** A list item's preview subtitle, flagged while the item is still illustrative. */
export const flagged = (subtitle: string | undefined, toConfirm: boolean | undefined) =>
  toConfirm ? `⚠ To confirm before launch${subtitle ? ` · ${subtitle}` : ""}` : subtitle;

/** An image with the alternative text the site requires (it refuses an image without one). */
export const imageWithAlt = (name: string, title: string, description: string, { hotspot = false } = {}) =>
  defineField({
    name,
    title,
    description,
    type: "image",
    options: { hotspot },
    fields: [
      defineField({
        name: "alt",
        title: "Alternative text",
        description:
          "What the image shows, for screen readers and when it does not load: for a logo, the company's name.",
        type: "string",
        validation: (r) => r.required(),
      }),
    ],
  });

/** A section's preview in the page's list: its title, and what kind of section it is (flagged while illustrative). */
export const sectionPreview = (kind: string) => ({
  select: { title: "title", toConfirm: "toConfirm" },
  prepare: ({ title, toConfirm }: { title?: string; toConfirm?: boolean }) => ({
    title,
    subtitle: flagged(kind, toConfirm),
  }),
});
