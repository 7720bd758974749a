import { fill } from "../contact/form-messages";
import type { Lead } from "../contact/leads-store-contract";
import type { LandingContent } from "../content/landing-content";
import type { FollowUpContent } from "../content/follow-up-content";
import { volumeOptionLabels } from "../content/volume-labels";
import type { FollowUp } from "./next-steps";

/**
 * The email a lead receives after sending the form, in the market's words (the follow-up content): the reference,
 * what they asked about, when sales will call, the booking and WhatsApp links and the privacy notice. It quotes only
 * option labels, never a field the visitor typed: whoever typed someone else's address cannot make this email carry
 * their words. Plain text and HTML with the same content; the HTML is a single-column table with inline styles, the
 * layout Outlook's Word engine and phone clients both render, and it loads nothing (no images, no tracking).
 */

export type ConfirmationEmail = { subject: string; text: string; html: string };

type EmailInput = {
  lead: Pick<Lead, "market" | "country" | "reason" | "volume">;
  followUp: FollowUp;
  landing: Pick<LandingContent, "brandName" | "locale" | "currency" | "contact">;
  copy: FollowUpContent;
  /** The market's page with its privacy notice open. */
  privacyUrl: string;
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// The site's own colours (app/globals.css): ink, muted, brand-700 and accent; white on the last two passes AA.
const INK = "#0b1733";
const MUTED = "#475569";
const BRAND = "#1747ab";
const ACCENT = "#0f7b5f";
const FONT = "Arial,Helvetica,sans-serif";

function button(label: string, href: string, color: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 12px 0"><tr><td bgcolor="${color}" style="border-radius:24px;background:${color}"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:24px">${escapeHtml(label)}</a></td></tr></table>`;
}

export function confirmationEmail({ lead, followUp, landing, copy, privacyUrl }: EmailInput): ConfirmationEmail {
  const { contact } = landing;
  const label = <T extends { value: string; label: string }>(options: T[], value: string) =>
    options.find((o) => o.value === value)?.label ?? value;
  const summary: [string, string][] = [
    [contact.fields.volume.label, label(volumeOptionLabels(contact, landing.locale, landing.currency), lead.volume)],
    [contact.fields.country.label, label(contact.countryOptions, lead.country)],
    [contact.fields.reason.label, label(contact.reasonOptions, lead.reason)],
  ];
  const subject = fill(copy.emailSubject, { reference: followUp.reference });
  const when = followUp.contactTime ? fill(copy.emailContactTime, { when: followUp.contactTime }) : null;
  const links: [string, string, string][] = [
    ...(followUp.bookingUrl ? [[copy.bookingLabel, followUp.bookingUrl, BRAND] as [string, string, string]] : []),
    ...(followUp.whatsappUrl ? [[copy.whatsappLabel, followUp.whatsappUrl, ACCENT] as [string, string, string]] : []),
  ];
  const footer = fill(copy.emailFooter, { brand: landing.brandName });

  const text = [
    copy.emailTitle,
    "",
    copy.emailIntro,
    "",
    `${copy.referenceLabel}: ${followUp.reference}`,
    ...(when ? ["", when] : []),
    "",
    copy.emailSummaryTitle,
    ...summary.map(([name, value]) => `- ${name}: ${value}`),
    ...(links.length > 0 ? ["", copy.emailOtherWays, ...links.map(([name, href]) => `${name}: ${href}`)] : []),
    "",
    `${copy.emailPrivacyLabel}: ${privacyUrl}`,
    "",
    "-- ",
    footer,
    "",
  ].join("\n");

  const p = (content: string, style = "") =>
    `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:16px;line-height:24px;color:${INK};${style}">${content}</p>`;
  const rows = summary
    .map(
      ([name, value]) =>
        `<tr><td style="padding:8px 0;border-top:1px solid #e2e8f0;font-family:${FONT};font-size:14px;line-height:20px;color:${MUTED}">${escapeHtml(name)}</td></tr><tr><td style="padding:0 0 8px 0;font-family:${FONT};font-size:16px;line-height:22px;color:${INK};font-weight:bold">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = [
    `<!doctype html><html lang="${landing.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="margin:0;padding:0;background:#f1f5f9">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border-radius:16px"><tr><td style="padding:28px 24px">`,
    p(escapeHtml(landing.brandName), `font-weight:bold;color:${BRAND}`),
    `<h1 style="margin:0 0 12px 0;font-family:${FONT};font-size:24px;line-height:30px;color:${INK}">${escapeHtml(copy.emailTitle)}</h1>`,
    p(escapeHtml(copy.emailIntro)),
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0"><tr><td bgcolor="#ecfdf5" style="padding:16px;border-radius:12px;background:#ecfdf5"><p style="margin:0;font-family:${FONT};font-size:14px;line-height:20px;color:${MUTED}">${escapeHtml(copy.referenceLabel)}</p><p style="margin:4px 0 0 0;font-family:'Courier New',Courier,monospace;font-size:24px;line-height:30px;letter-spacing:2px;font-weight:bold;color:${INK}">${escapeHtml(followUp.reference)}</p></td></tr></table>`,
    ...(when ? [p(escapeHtml(when), "font-weight:bold")] : []),
    `<h2 style="margin:8px 0 8px 0;font-family:${FONT};font-size:18px;line-height:24px;color:${INK}">${escapeHtml(copy.emailSummaryTitle)}</h2>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px 0">${rows}</table>`,
    ...(links.length > 0
      ? [p(escapeHtml(copy.emailOtherWays)), ...links.map(([name, href, color]) => button(name, href, color))]
      : []),
    p(
      `<a href="${escapeHtml(privacyUrl)}" style="color:${BRAND};text-decoration:underline">${escapeHtml(copy.emailPrivacyLabel)}</a>`,
      "margin-top:8px;font-size:14px",
    ),
    `</td></tr></table>`,
    `<p style="max-width:560px;margin:16px auto 0 auto;font-family:${FONT};font-size:13px;line-height:19px;color:${MUTED};text-align:left">${escapeHtml(footer)}</p>`,
    `</td></tr></table></body></html>`,
  ].join("\n");
  return { subject, text, html };
}
