import "server-only";
import { fill } from "../contact/form-messages";
import type { Lead } from "../contact/leads-store-contract";
import type { FollowUpContent } from "../content/follow-up-content";
import { MARKET_LOCALES, type Market } from "../markets/markets";
import { bookingLink, whatsappChatLink } from "./contact-links";
import { contactPromise } from "./contact-time";
import { isPublicHoliday } from "./public-holidays";
import { leadReference } from "./reference";

/**
 * What a lead is told right after sending, in the 201 answer (and again in its email): the reference to quote, when
 * sales will call, and the links to book a call or write on WhatsApp. The contact time and the links come from the
 * market's follow-up content; without it (or when it cannot be read) only the reference is given.
 */
export type FollowUp = {
  reference: string;
  /** "hoy, antes de las 15:00": the promise, in the market's words and the sales team's time. */
  contactTime: string | null;
  /** The promise's deadline (ISO 8601), and whether the lead arrived outside the team's hours. */
  contactBy: string | null;
  outOfHours: boolean | null;
  /** The booking page, prefilled with the lead's name and email where the provider documents it. */
  bookingUrl: string | null;
  /** A WhatsApp chat with sales, its message quoting the reference. */
  whatsappUrl: string | null;
};

/** The parts of a lead its follow-up needs. */
export type FollowUpLead = Pick<Lead, "id" | "market" | "contact" | "email">;

const dayFormats = new Map<Market, { weekday: Intl.DateTimeFormat; date: Intl.DateTimeFormat }>();
/** A calendar date's weekday and day ("lunes", "16 de noviembre"), in the market's language; dates are UTC days. */
function dayParts(date: string, market: Market): { weekday: string; date: string } {
  let formats = dayFormats.get(market);
  if (!formats) {
    const locale = MARKET_LOCALES[market];
    formats = {
      weekday: new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" }),
      date: new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", timeZone: "UTC" }),
    };
    dayFormats.set(market, formats);
  }
  const noon = new Date(`${date}T12:00:00Z`);
  return { weekday: formats.weekday.format(noon), date: formats.date.format(noon) };
}

/** The follow-up of `lead`, arriving at `now`, from its market's content (null: only the reference). */
export function followUpFor(lead: FollowUpLead, content: FollowUpContent | null, now: Date): FollowUp {
  const reference = leadReference(lead.id);
  if (!content)
    return { reference, contactTime: null, contactBy: null, outOfHours: null, bookingUrl: null, whatsappUrl: null };
  const promise = contactPromise(now, content, (date) => isPublicHoliday(lead.market, date));
  const template =
    promise.daysLater === 0
      ? content.contactToday
      : promise.daysLater === 1
        ? content.contactTomorrow
        : content.contactLater;
  return {
    reference,
    contactTime: fill(template, { time: promise.time, ...dayParts(promise.date, lead.market) }),
    contactBy: promise.by.toISOString(),
    outOfHours: promise.outOfHours,
    bookingUrl: content.bookingUrl ? bookingLink(content.bookingUrl, { name: lead.contact, email: lead.email }) : null,
    whatsappUrl: content.whatsappNumber
      ? whatsappChatLink(content.whatsappNumber, fill(content.whatsappAfter, { reference }))
      : null,
  };
}
