import { defineArrayMember, defineField, defineType } from "sanity";
import { WEEKDAYS } from "../lib/content/follow-up-content";
import { paragraphField, textField, toConfirmField } from "./fields";

const WEEKDAY_TITLES = { mon: "Mon", tue: "Tue", wed: "Wed", thu: "Thu", fri: "Fri", sat: "Sat", sun: "Sun" };

/** Copy that the site fills in: the description names the placeholders it may hold (the site refuses any other). */
const template = (name: string, title: string, description: string, placeholders: string) =>
  textField(name, title, `${description} Placeholders: ${placeholders}.`);

/**
 * After the form: when sales calls back, the booking and WhatsApp links, the confirmation on the page and the email
 * the lead receives. Its rules (hours, zone, placeholders) are the site's, reported by the page's document rule.
 */
export const followUp = defineType({
  name: "followUp",
  title: "After the form",
  description:
    "When sales promises to call, where a visitor can book a call or write on WhatsApp, and the confirmation email the lead receives.",
  type: "object",
  fieldsets: [
    { name: "hours", title: "Sales hours", options: { collapsible: true } },
    { name: "links", title: "Booking and WhatsApp", options: { collapsible: true } },
    { name: "page", title: "Confirmation on the page", options: { collapsible: true } },
    { name: "email", title: "Confirmation email", options: { collapsible: true } },
  ],
  fields: [
    defineField({
      name: "salesDays",
      title: "Working days",
      type: "array",
      fieldset: "hours",
      of: [defineArrayMember({ type: "string" })],
      options: { list: WEEKDAYS.map((value) => ({ value, title: WEEKDAY_TITLES[value] })), layout: "grid" },
      validation: (r) => r.required().min(1),
    }),
    { ...textField("opens", "Opens", "24-hour clock, e.g. 09:00."), fieldset: "hours" },
    { ...textField("closes", "Closes", "24-hour clock, e.g. 18:00."), fieldset: "hours" },
    {
      ...textField(
        "timeZone",
        "Sales team's time zone",
        "e.g. America/Mexico_City, America/Sao_Paulo, America/Argentina/Buenos_Aires.",
      ),
      fieldset: "hours",
    },
    defineField({
      name: "responseHours",
      title: "Promised response time, in business hours",
      description: "Counted only while the team works: 4 means “within 4 business hours”.",
      type: "number",
      fieldset: "hours",
      validation: (r) => r.required().integer().min(1).max(40),
    }),
    defineField({
      name: "dayOverrides",
      title: "Days off and extra working days",
      description:
        "The country's public and bank holidays are known already. Add a day the team does not work (closed), or a holiday it does (open).",
      type: "array",
      fieldset: "hours",
      of: [
        defineArrayMember({
          type: "object",
          name: "dayOverride",
          fields: [
            defineField({ name: "date", title: "Date", type: "date", validation: (r) => r.required() }),
            defineField({ name: "open", title: "The team works this day", type: "boolean", initialValue: false }),
            defineField({ name: "note", title: "Note", type: "string" }),
          ],
          preview: {
            select: { date: "date", open: "open", note: "note" },
            prepare: ({ date, open, note }: { date?: string; open?: boolean; note?: string }) => ({
              title: date,
              subtitle: [open ? "open" : "closed", note].filter(Boolean).join(" · "),
            }),
          },
        }),
      ],
    }),
    defineField({
      name: "bookingUrl",
      title: "Booking page",
      description:
        "Optional. A Cal.com, Calendly, HubSpot meetings or Google appointment schedule link (https). Cal.com, Calendly and HubSpot get the lead's name and email filled in.",
      type: "url",
      fieldset: "links",
      validation: (r) => r.uri({ scheme: ["https"] }),
    }),
    defineField({
      name: "whatsappNumber",
      title: "Sales WhatsApp number",
      description: "Optional. International format with +, e.g. +5215512345678.",
      type: "string",
      fieldset: "links",
    }),
    {
      ...paragraphField(
        "whatsappBefore",
        "WhatsApp message, before sending the form",
        "Written in the chat box for the visitor.",
      ),
      fieldset: "links",
    },
    {
      ...textField("whatsappBeforeLabel", "WhatsApp link beside the form", "e.g. “Escríbenos por WhatsApp”.", "submit"),
      fieldset: "links",
    },
    {
      ...template(
        "whatsappAmount",
        "Amount line of that message",
        "Added when the visitor entered an amount in the savings estimate.",
        "{amount}",
      ),
      fieldset: "links",
    },
    {
      ...template("whatsappAfter", "WhatsApp message, after sending", "Quotes the request's reference.", "{reference}"),
      fieldset: "links",
    },
    {
      ...template("contactToday", "Contact time: today", "e.g. “hoy, antes de las {time}”.", "{time}"),
      fieldset: "page",
    },
    {
      ...template("contactTomorrow", "Contact time: tomorrow", "e.g. “mañana, antes de las {time}”.", "{time}"),
      fieldset: "page",
    },
    {
      ...template(
        "contactLater",
        "Contact time: a later day",
        "e.g. “el {weekday} {date}, antes de las {time}”.",
        "{weekday}, {date}, {time}",
      ),
      fieldset: "page",
    },
    { ...textField("referenceLabel", "Reference label", "e.g. “Referencia de tu solicitud”."), fieldset: "page" },
    { ...textField("contactTimeLabel", "Contact time label", "e.g. “Te llamaremos”."), fieldset: "page" },
    { ...textField("bookingLabel", "Booking link", "e.g. “Agenda una llamada”.", "submit"), fieldset: "page" },
    { ...textField("whatsappLabel", "WhatsApp link", "e.g. “Escríbenos por WhatsApp”.", "submit"), fieldset: "page" },
    {
      ...textField(
        "newTabLabel",
        "New tab notice",
        "Read by screen readers after each link, e.g. “se abre en una pestaña nueva”.",
      ),
      fieldset: "page",
    },
    {
      ...template("emailSubject", "Subject", "e.g. “Recibimos tu solicitud · {reference}”.", "{reference}"),
      fieldset: "email",
    },
    { ...textField("emailTitle", "Heading", "e.g. “Recibimos tu solicitud”."), fieldset: "email" },
    { ...paragraphField("emailIntro", "Introduction", "One or two sentences."), fieldset: "email" },
    {
      ...textField("emailSummaryTitle", "Summary heading", "Above the amount, destination and reason the lead chose."),
      fieldset: "email",
    },
    {
      ...template("emailContactTime", "Contact time sentence", "{when} is the contact time above.", "{when}"),
      fieldset: "email",
    },
    {
      ...textField("emailOtherWays", "Above the links", "e.g. “¿Prefieres adelantar la conversación?”."),
      fieldset: "email",
    },
    { ...textField("emailPrivacyLabel", "Privacy notice link", "e.g. “Aviso de privacidad”."), fieldset: "email" },
    {
      ...template(
        "emailFooter",
        "Footer",
        "Why they got this email, and what to do if they did not ask for it.",
        "{brand}",
      ),
      fieldset: "email",
    },
    toConfirmField(),
  ],
});
