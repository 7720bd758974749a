import { defineArrayMember, defineField, defineType } from "sanity";
import { BENEFIT_ICONS } from "../lib/content/benefit-icons";
import { COPY_LIMITS, limitMessage } from "../lib/content/copy-limits";
import { COUNTRIES, PHONE_PREFIXES, REASONS, VOLUMES } from "../lib/leads/options";
import { paragraph, portableText, text, toConfirmField } from "./fields";
import { optionListField, requireEveryValue } from "./option-list";

/** One option of a select: the value picked from the code's list, the label written by marketers. */
function optionType(name: string, title: string, values: readonly string[]) {
  return defineType({
    name,
    title,
    type: "object",
    fields: [
      defineField({
        name: "value",
        title: "Value",
        type: "string",
        description: "Sent with the form; fixed by the site.",
        options: { list: [...values] },
        validation: (r) => r.required(),
      }),
      text("label", "Label", "What visitors see in the list.", "optionLabel"),
    ],
    preview: { select: { title: "label", subtitle: "value" } },
  });
}

export const phonePrefixOption = optionType("phonePrefixOption", "Country code", PHONE_PREFIXES);
export const countryOption = optionType("countryOption", "Destination country", COUNTRIES);
export const reasonOption = optionType("reasonOption", "Payment reason", REASONS);

export const volumeOption = defineType({
  name: "volumeOption",
  title: "Amount range",
  type: "object",
  fields: [
    defineField({
      name: "value",
      title: "Value",
      type: "string",
      options: { list: [...VOLUMES] },
      validation: (r) => r.required(),
    }),
    text(
      "label",
      "Label (USD range)",
      "The range in US dollars as visitors read it, in the market's format, e.g. “Menos de USD 5,000” or “US$ 5.000 – US$ 9.999”.",
      "optionLabel",
    ),
    defineField({
      name: "approx",
      title: "Approximate local-currency equivalent",
      description:
        "Shown after the first and the last range, formatted in the market's currency (leave empty for the others).",
      type: "number",
      validation: (r) => r.positive(),
    }),
  ],
  preview: { select: { title: "label", subtitle: "value" } },
});

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

export const siteHeader = defineType({
  name: "siteHeader",
  title: "Header",
  type: "object",
  fields: [
    text(
      "flagLabel",
      "Flag button label",
      "Read by screen readers for the flag button; name the country it switches to, e.g. “Cambiar a Brasil (português)”.",
    ),
    text("contactButton", "Contact button", "The button at the top right that scrolls to the form.", "contactButton"),
  ],
});

const pricing = (name: string, title: string, description: string) =>
  defineField({
    name,
    title,
    description,
    type: "object",
    fields: [
      defineField({
        name: "feeUsd",
        title: "Transfer fee (USD)",
        type: "number",
        validation: (r) => r.required().min(0),
      }),
      defineField({
        name: "fxMarginPercent",
        title: "Exchange-rate margin (%)",
        description: "Over the reference rate, e.g. 1.75.",
        type: "number",
        validation: (r) => r.required().min(0).max(100),
      }),
      defineField({
        name: "intermediaryUsd",
        title: "Intermediary bank charges (USD)",
        type: "number",
        validation: (r) => r.required().min(0),
      }),
    ],
    validation: (r) => r.required(),
  });

export const savingsEstimate = defineType({
  name: "savingsEstimate",
  title: "Savings estimate",
  description:
    "The card beside the headline: what a typical bank charges for the visitor's monthly amount, what we charge, and the saving.",
  type: "object",
  fields: [
    text("title", "Title", "The card's heading, e.g. “Calcula tu ahorro”.", "sectionTitle"),
    text(
      "amountLabel",
      "Amount label",
      "The amount field's label, e.g. “Monto que envías al mes (USD)”.",
      "fieldLabel",
    ),
    defineField({
      name: "defaultAmount",
      title: "Default amount (USD)",
      description: "Shown before the visitor types, and to visitors without JavaScript.",
      type: "number",
      initialValue: 20000,
      validation: (r) => r.required().integer().positive(),
    }),
    defineField({
      name: "usdRate",
      title: "Reference exchange rate",
      description: "Local currency per US dollar, for the local equivalents; say its source and date in the footnote.",
      type: "number",
      validation: (r) => r.required().positive(),
    }),
    text(
      "bankLabel",
      "Bank column heading",
      "e.g. “Banco tradicional”. The other column is the brand name.",
      "estimateColumn",
    ),
    text("feeLabel", "Fee row", "e.g. “Comisión por envío”.", "estimateRow"),
    text("fxMarginLabel", "Exchange-rate margin row", "e.g. “Margen cambiario”.", "estimateRow"),
    text("intermediaryLabel", "Intermediary charges row", "e.g. “Bancos intermediarios”.", "estimateRow"),
    text("totalLabel", "Total row", "e.g. “Costo total”.", "estimateRow"),
    pricing("bank", "A typical bank", "What a typical bank in this market charges."),
    pricing("ours", "Puente Pagos", "What we charge; at the default amount it must be less than the bank."),
    text("savingLabel", "Saving label", "Above the saving, e.g. “Tu ahorro estimado al mes”."),
    text(
      "savingShare",
      "Saving share",
      "After the saving; {percent} becomes the share saved, e.g. “{percent} menos que con tu banco”.",
    ),
    paragraph(
      "note",
      "Footnote",
      "Under the card: the source and date of the bank's figures and of the exchange rate, and what the example assumes.",
    ),
    toConfirmField(),
  ],
});

export const hero = defineType({
  name: "hero",
  title: "Hero",
  type: "object",
  fields: [
    text("title", "Title", "The big headline at the top of the page.", "heroTitle"),
    text("highlight", "Highlight", "The badge above the headline: “up to 2x cheaper than banks”.", "heroHighlight"),
    paragraph(
      "highlightNote",
      "Highlight footnote",
      "What the highlight compares, exactly, and on what example (total cost, with the exchange-rate margin).",
    ),
    portableText("body", "Body", "The paragraph under the headline."),
    text("cta", "Call to action", "The button under the headline that scrolls to the form.", "heroCta"),
    defineField({
      name: "estimate",
      title: "Savings estimate",
      type: "savingsEstimate",
      validation: (r) => r.required(),
    }),
  ],
});

export const benefitCard = defineType({
  name: "benefitCard",
  title: "Benefit card",
  type: "object",
  fields: [
    defineField({
      name: "icon",
      title: "Icon",
      type: "string",
      options: { list: [...BENEFIT_ICONS], layout: "radio" },
      validation: (r) => r.required(),
    }),
    text("title", "Title", "The card's heading.", "cardTitle"),
    defineField({
      name: "claim",
      title: "Claim",
      description: "The big figure above the title, e.g. “Hasta 70%”: every card has one, so the three line up.",
      type: "string",
      validation: (r) => [r.required(), r.max(COPY_LIMITS.cardClaim.warn).warning(limitMessage("cardClaim", "warn"))],
    }),
    defineField({
      name: "claimNote",
      title: "Claim footnote",
      description:
        "What the claim compares, exactly, and on what example (e.g. fees alone, without the exchange rate). Shown under the cards, with a marker on the claim.",
      type: "text",
      rows: 3,
    }),
    portableText("body", "Body", "The card's text."),
  ],
  preview: { select: { title: "title", subtitle: "icon" } },
});

export const benefits = defineType({
  name: "benefits",
  title: "Benefits",
  type: "object",
  fields: [
    text("title", "Title", "Heading of the benefits section.", "sectionTitle"),
    defineField({
      name: "cards",
      title: "Cards",
      description: "Exactly three cards, shown side by side.",
      type: "array",
      of: [defineArrayMember({ type: "benefitCard" })],
      validation: (r) => r.required().length(3),
    }),
  ],
});

const labelled = (name: string, title: string, withPlaceholder: boolean) =>
  defineField({
    name,
    title,
    type: "object",
    fields: [
      text("label", "Label", "Shown above the field.", "fieldLabel"),
      ...(withPlaceholder
        ? [
            text(
              "placeholder",
              "Placeholder",
              "Hint inside the empty field (for lists, the first, unselectable entry).",
              "placeholder",
            ),
          ]
        : []),
    ],
    options: { collapsible: true, collapsed: true },
  });

export const contactSection = defineType({
  name: "contactSection",
  title: "Contact form",
  type: "object",
  groups: [
    { name: "texts", title: "Texts", default: true },
    { name: "fields", title: "Fields" },
    { name: "options", title: "Options" },
    { name: "checks", title: "Field checks" },
    { name: "messages", title: "Sending" },
  ],
  fields: [
    { ...text("title", "Title", "Heading next to the form.", "sectionTitle"), group: "texts" },
    { ...text("intro", "Intro", "Paragraph under the heading."), group: "texts" },
    defineField({
      name: "fields",
      title: "Field labels",
      type: "object",
      group: "fields",
      fields: [
        labelled("company", "Company name", true),
        labelled("contact", "Contact name", true),
        labelled("email", "Email", true),
        labelled("phonePrefix", "Phone country code", false),
        labelled("phone", "Phone number", true),
        labelled("country", "Destination country", true),
        labelled("reason", "Payment reason", true),
        labelled("volume", "Payment amount range", true),
      ],
      validation: (r) => r.required(),
    }),
    {
      ...optionListField(
        "phonePrefixOptions",
        "Phone country codes",
        "phonePrefixOption",
        PHONE_PREFIXES,
        "One label per country code.",
      ),
      group: "options",
    },
    {
      ...optionListField(
        "countryOptions",
        "Destination countries",
        "countryOption",
        COUNTRIES,
        "One label per destination country.",
      ),
      group: "options",
    },
    {
      ...optionListField("reasonOptions", "Payment reasons", "reasonOption", REASONS, "One label per payment reason."),
      group: "options",
    },
    defineField({
      name: "volumeOptions",
      title: "Amount ranges",
      description: "One entry per range; the first and last carry the local-currency equivalent.",
      type: "array",
      group: "options",
      of: [defineArrayMember({ type: "volumeOption" })],
      validation: (rule) =>
        requireEveryValue(VOLUMES)(rule).custom((items?: { value?: string; approx?: number }[]) => {
          // Mirrors the site: only the first and the last range carry a local equivalent.
          const problems = (items ?? []).flatMap((item) => {
            const edge = item.value === VOLUMES[0] || item.value === VOLUMES[VOLUMES.length - 1];
            if (edge && item.approx == null) return [`“${item.value}” needs its local equivalent`];
            if (!edge && item.approx != null) return [`“${item.value}” carries no local equivalent`];
            return [];
          });
          return problems.length > 0 ? problems.join("; ") : true;
        }),
    }),
    {
      ...text(
        "approxUpTo",
        "“Up to” equivalent",
        "After the first range; {amount} becomes the local amount, e.g. “hasta ≈ {amount}”.",
      ),
      group: "options",
    },
    {
      ...text(
        "approxOver",
        "“Over” equivalent",
        "After the last range; {amount} becomes the local amount, e.g. “≈ {amount} o más”.",
      ),
      group: "options",
    },
    {
      ...text(
        "missingAll",
        "Nothing filled in yet",
        "Under the button before anything is filled in, e.g. “Completa el formulario para enviar tu solicitud.”",
      ),
      group: "checks",
    },
    {
      ...text(
        "missingHint",
        "What is still missing",
        "Under the button while it cannot be pressed yet; {fields} becomes the labels of the fields still empty or wrong, e.g. “Para enviar, completa: {fields}.”",
      ),
      group: "checks",
    },
    {
      ...text(
        "emailInvalid",
        "Incomplete email",
        "Under the email field when the address has no domain such as “.com”, e.g. “Escribe un correo completo, por ejemplo nombre@empresa.com.”",
      ),
      group: "checks",
    },
    {
      ...text(
        "phoneInvalid",
        "Phone not valid for its code",
        "Under the phone field; {code} becomes the selected code, e.g. “Este número no es válido con el código {code}.”",
      ),
      group: "checks",
    },
    {
      ...text(
        "phoneOtherCountry",
        "Phone valid for another code",
        "Follows the message above when the number fits another offered code; {country} becomes that country's name and {code} its code, e.g. “¿Es un número de {country}?”",
      ),
      group: "checks",
    },
    {
      ...text(
        "phoneUsePrefix",
        "Switch code button",
        "The button that switches to that code; {code} becomes it, e.g. “Usar {code}”.",
        "submit",
      ),
      group: "checks",
    },
    {
      ...text(
        "phoneNotOffered",
        "Phone with a code not offered",
        "Under the phone field when it was typed with a “+” code the list does not offer.",
      ),
      group: "checks",
    },
    { ...text("invalidField", "Rejected field", "Shown on a field the server did not accept."), group: "checks" },
    { ...text("submit", "Submit button", "The form's button.", "submit"), group: "messages" },
    { ...text("submitting", "Submitting", "The button's text while sending, e.g. “…”.", "submit"), group: "messages" },
    {
      ...text(
        "submittingLabel",
        "Submitting, read aloud",
        "What screen readers announce for the button while sending, e.g. “Enviando…”.",
      ),
      group: "messages",
    },
    {
      ...text(
        "successTitle",
        "Success title",
        "Notification title after a request was received; also heads the confirmation that stays in the form.",
        "toastTitle",
      ),
      group: "messages",
    },
    {
      ...text(
        "successMessage",
        "Success message",
        "Notification text after a request was received; also in the confirmation.",
      ),
      group: "messages",
    },
    {
      ...text(
        "successNext",
        "What happens next",
        "In the confirmation that stays in the form after the notification is gone, e.g. who calls and when.",
      ),
      group: "messages",
    },
    {
      ...text("errorTitle", "Error title", "Notification title when sending failed.", "toastTitle"),
      group: "messages",
    },
    {
      ...text(
        "errorMessage",
        "Error message",
        "When the request could not be saved (our side or the connection); it also stays under the button until the visitor edits the form.",
      ),
      group: "messages",
    },
    {
      ...text(
        "errorInvalid",
        "Fields refused",
        "When the server refused some fields, which are then marked, e.g. “Revisa los campos marcados…”.",
      ),
      group: "messages",
    },
    {
      ...text(
        "errorRateLimited",
        "Too many attempts",
        "When a visitor sent too many requests in a row; {minutes} becomes the wait, e.g. “5 minutos”.",
      ),
      group: "messages",
    },
    {
      ...text(
        "toasterLabel",
        "Notifications area, read aloud",
        "The name screen readers give the area where notifications appear, e.g. “Notificaciones”.",
      ),
      group: "messages",
    },
  ],
});

export const errorPage = defineType({
  name: "errorPage",
  title: "Error screen",
  description:
    "Shown under the title “Unexpected Application Error!” (which stays as the spec writes it) when this market's page fails.",
  type: "object",
  fields: [
    text(
      "message",
      "Message",
      "What happened and what to do, e.g. “Algo salió mal al mostrar esta página. Inténtalo de nuevo en un momento.”",
    ),
    text("homeLink", "Home link", "The link back to this market's home page.", "heroCta"),
  ],
});

export const siteFooter = defineType({
  name: "siteFooter",
  title: "Footer",
  type: "object",
  fields: [
    text("tagline", "Tagline", "The line at the bottom of the page."),
    defineField({
      name: "copyrightYear",
      title: "Copyright year",
      type: "number",
      validation: (r) => r.required().integer().min(2000),
    }),
    text("rights", "Rights notice", "After “© year brand.”, e.g. “Todos los derechos reservados.”"),
    paragraph(
      "disclosure",
      "Regulatory disclosure",
      "One line under the legal details: who the entity is regulated by and under what licence.",
    ),
  ],
});

export const company = defineType({
  name: "company",
  title: "Company facts",
  description:
    "The legal entity behind this market's site: in the footer, the regulation section and what search engines read.",
  type: "object",
  fields: [
    text("legalName", "Legal name", "As registered, e.g. “Puente Pagos México, S.A.P.I. de C.V.”."),
    text("taxIdLabel", "Tax id name", "“RFC”, “CNPJ” or “CUIT”."),
    text("taxId", "Tax id", "As registered."),
    defineField({
      name: "address",
      title: "Registered address",
      type: "object",
      fields: [
        text(
          "streetAddress",
          "Street and number",
          "With floor or suite, and the neighbourhood where it is part of the address.",
        ),
        text("postalCode", "Postal code", "C.P., CEP or CPA."),
        text("addressLocality", "City", "e.g. “Ciudad de México”, “São Paulo”, “Buenos Aires”."),
        text("addressRegion", "State or province", "e.g. “CDMX”, “SP”, “CABA”."),
      ],
      validation: (r) => r.required(),
    }),
    defineField({
      name: "email",
      title: "Contact email",
      description: "Where companies write to sales; search engines show it too.",
      type: "string",
      validation: (r) => r.required().email(),
    }),
    toConfirmField(),
  ],
});
