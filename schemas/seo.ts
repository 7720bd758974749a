import { defineField, defineType } from "sanity";

export const seo = defineType({
  name: "seo",
  title: "Search and sharing",
  type: "object",
  fields: [
    defineField({
      name: "title",
      title: "Title",
      description: "Browser tab, search results and link previews.",
      type: "string",
      validation: (r) => [r.required(), r.max(60).warning("Search engines cut titles after about 60 characters.")],
    }),
    defineField({
      name: "description",
      title: "Description",
      description: "The snippet under the title in search results.",
      type: "text",
      rows: 3,
      validation: (r) => [
        r.required(),
        r.max(160).warning("Search engines cut descriptions after about 160 characters."),
      ],
    }),
    defineField({
      name: "ogImage",
      title: "Sharing image",
      description:
        "Shown when the page is shared (WhatsApp, LinkedIn, Facebook, X), cropped to 1200×630 around the hotspot. Leave empty to use an image generated from the hero's headline.",
      type: "image",
      options: { hotspot: true },
    }),
  ],
});
