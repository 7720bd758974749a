import { defineArrayMember, defineField, defineType } from "sanity";
import { flagged, toConfirmField } from "./fields";
import { marketIdentityFields } from "./market-fields";
import { MARKET_NAMES, isMarket } from "../lib/markets/markets";
import { tab } from "./tab-titles";

const text = (name: string, title: string, description: string, group: string) =>
  defineField({ name, title, description, type: "string", group, validation: (r) => r.required() });

/**
 * One market's privacy notice (aviso de privacidad / aviso de privacidade) and the copy and setting of its
 * tracking consent: one document per market, shown over that market's landing page.
 */
export const privacyNotice = defineType({
  name: "privacyNotice",
  title: "Privacy notice",
  type: "document",
  groups: [tab("notice", "notice", { default: true }), tab("company", "companyDetails"), tab("consent", "consent")],
  fields: [
    ...marketIdentityFields("notice"),
    text("title", "Title", "Heading of the notice, e.g. “Aviso de privacidad”.", "notice"),
    defineField({
      name: "updatedAt",
      title: "Last updated",
      description:
        "The notice's version: change it whenever what the notice says changes. Visitors are then asked for consent again, and each lead records the version it was sent under.",
      type: "date",
      group: "notice",
      validation: (r) => r.required(),
    }),
    text("updatedLabel", "“Last updated” label", "Shown before the date, e.g. “Última actualización”.", "notice"),
    defineField({
      name: "body",
      title: "Notice",
      description:
        "The law, what data and why (purposes), who receives it, how long it is kept and how to exercise rights.",
      type: "array",
      group: "notice",
      of: [
        defineArrayMember({
          type: "block",
          styles: [
            { title: "Normal", value: "normal" },
            { title: "Heading", value: "h3" },
          ],
          lists: [{ title: "Bullets", value: "bullet" }],
          marks: { decorators: [{ title: "Strong", value: "strong" }], annotations: [] },
        }),
      ],
      validation: (r) => r.required().min(1),
    }),
    text("closeLabel", "Close button", "Closes the notice and returns to the page.", "notice"),
    text(
      "fullNoticeLabel",
      "Link to the whole notice",
      "Shown in the notice while its text loads, and where it cannot load: opens the notice as a page of its own.",
      "notice",
    ),
    text(
      "detailsTitle",
      "Company details heading",
      "Heading above the legal name, address, contact and authority.",
      "company",
    ),
    text("legalName", "Legal name", "The company responsible for the data, as registered.", "company"),
    text("legalNameLabel", "Legal name label", "e.g. “Responsable”.", "company"),
    text("address", "Address", "Registered address.", "company"),
    text("addressLabel", "Address label", "e.g. “Domicilio”.", "company"),
    defineField({
      name: "privacyEmail",
      title: "Privacy contact email",
      description: "Where people send requests about their data.",
      type: "string",
      group: "company",
      validation: (r) => r.required().email(),
    }),
    text("privacyEmailLabel", "Privacy contact label", "e.g. “Contacto de privacidad”.", "company"),
    text("authority", "Data protection authority", "The authority a person can complain to in this market.", "company"),
    defineField({
      name: "authorityUrl",
      title: "Authority website",
      type: "url",
      group: "company",
      validation: (r) => r.required().uri({ scheme: ["https"] }),
    }),
    text("authorityLabel", "Authority label", "e.g. “Autoridad de protección de datos”.", "company"),
    // The seed's company facts (legal name, address, the encarregado's name in Brazil, the database registration
    // number in Argentina) are illustrative until the company confirms them, like the page's.
    { ...toConfirmField(), group: "company" },
    text(
      "formLine",
      "Line by the form's submit button",
      "Must contain {link}, where the link to the notice goes.",
      "notice",
    ),
    text("formLinkLabel", "Link text in the form line", "e.g. “aviso de privacidad”.", "notice"),
    text("footerLinkLabel", "Footer link to the notice", "e.g. “Aviso de privacidad”.", "notice"),
    defineField({
      name: "askConsent",
      title: "Ask before measuring with Meta",
      description:
        "When on, nothing about a visitor goes to Meta (the pixel, or the lead reported by the server) until they accept in the banner; their answer counts for this market and this notice's “last updated” date. Turn off only where the law allows measuring without prior consent.",
      type: "boolean",
      group: "consent",
      initialValue: true,
      validation: (r) => r.required(),
    }),
    text("bannerLabel", "Banner name", "Read by screen readers when they reach the banner, e.g. “Cookies”.", "consent"),
    text(
      "bannerText",
      "Banner text",
      "One or two short sentences: what the pixel measures and that it is optional.",
      "consent",
    ),
    text("acceptLabel", "Accept button", "e.g. “Aceptar”.", "consent"),
    text("rejectLabel", "Reject button", "e.g. “Rechazar”. As easy to find as accept.", "consent"),
    text(
      "settingsLinkLabel",
      "Footer link to change the choice",
      "Reopens the banner, e.g. “Preferencias de cookies”.",
      "consent",
    ),
    text(
      "bannerGrantedNow",
      "Current choice: accepted",
      "Shown when the banner is reopened after accepting, e.g. “Ahora aceptas la medición.”",
      "consent",
    ),
    text(
      "bannerDeniedNow",
      "Current choice: refused",
      "Shown when the banner is reopened after refusing, e.g. “Ahora rechazas la medición.”",
      "consent",
    ),
  ],
  preview: {
    select: { market: "market", title: "title", toConfirm: "toConfirm" },
    prepare: ({ market, title, toConfirm }: { market?: string; title?: string; toConfirm?: boolean }) => ({
      title: isMarket(market) ? `${MARKET_NAMES[market]} privacy notice` : "Privacy notice",
      subtitle: flagged(title, toConfirm),
    }),
  },
});
