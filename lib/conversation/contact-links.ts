/**
 * The links a visitor follows to meet sales halfway: a booking page prefilled with their name and email where the
 * provider documents parameters for it, and a WhatsApp chat with a message already written. Pure: the form's
 * server component, the contact route and the email build the same links.
 */

/** Who is booking; the name is left out where it must not travel (the lead's email: a stranger may have typed it). */
type Person = { name?: string; email: string };

/**
 * Query parameters each booking provider documents for prefilling its form. Cal.com and Calendly take `name` and
 * `email`; HubSpot's meetings pages take `firstName`, `lastName` and `email`; Google Calendar's appointment schedules
 * document none, so their link is left as it is.
 */
function prefillFor(host: string, { name, email }: Person): Record<string, string> | null {
  if (host === "cal.com" || host.endsWith(".cal.com") || host === "calendly.com" || host.endsWith(".calendly.com"))
    return { ...(name && { name }), email };
  if (/^meetings(?:-[a-z0-9]+)?\.hubspot\.com$/.test(host)) {
    const [first = "", ...rest] = name?.trim().split(/\s+/) ?? [];
    return { ...(first && { firstName: first }), ...(rest.length > 0 && { lastName: rest.join(" ") }), email };
  }
  return null;
}

/** The market's booking page, prefilled for `person` where its provider allows; the URL unchanged otherwise. */
export function bookingLink(bookingUrl: string, person?: Person): string {
  const url = new URL(bookingUrl);
  const prefill = person ? prefillFor(url.hostname.toLowerCase(), person) : null;
  for (const [key, value] of Object.entries(prefill ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

/** A WhatsApp chat with the market's sales number (E.164), `message` written in the box: https://wa.me/<digits>. */
export function whatsappChatLink(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;
}
