import { CLICK_ID_PARAMS, UTM_PARAMS, type Touch } from "../attribution/campaign-touch";
import type { Lead } from "../contact/leads-store-contract";
import { mailtoLink } from "./mailto-link";
import type { FollowUp } from "../conversation/next-steps";
import type { Volume } from "../leads/options";
import { MARKET_BY_CODE, MARKET_LOCALES, type Market } from "../markets/markets";
import { STAGE_COPY } from "../stages/stage-copy";
import { STAGES, type Stage } from "../stages/stages";
import { COPY, type Copy } from "./sales-email-copy";

/**
 * The email sales gets for a new lead, in the market's language: a subject that says who, where and how much; every
 * field; the phone to call (tel:) or message (WhatsApp); the campaign that brought the lead; the time in the market's
 * time zone; the lead's id. A plain-text part and an HTML part with the same content. Written for the sales team,
 * so its words live here rather than in the marketers' content.
 */

/** Intl formatters cost far more to build than to use (about a millisecond per email): each is built once. */
function once<T>(build: (market: Market) => T): (market: Market) => T {
  const built = new Map<Market, T>();
  return (market) => built.get(market) ?? built.set(market, build(market)).get(market)!;
}
const numberFormat = once((market) => new Intl.NumberFormat(MARKET_LOCALES[market], { maximumFractionDigits: 0 }));
const timeFormat = once(
  (market) =>
    new Intl.DateTimeFormat(MARKET_LOCALES[market], {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: MARKET_BY_CODE[market].timeZone,
    }),
);
const zoneFormat = once(
  (market) =>
    new Intl.DateTimeFormat("en-US", { timeZone: MARKET_BY_CODE[market].timeZone, timeZoneName: "shortOffset" }),
);

/** "US$ 10,000–49,999" in the market's number style; the top range is open ("US$ 100.000 ou mais"). */
export function volumeLabel(volume: Volume, market: Market): string {
  const copy = COPY[market];
  const number = numberFormat(market);
  const [low, high] = volume.split("-");
  const range =
    high === "plus"
      ? `US$ ${number.format(Number(low))} ${copy.orMore}`
      : `US$ ${number.format(Number(low))}–${number.format(Number(high))}`;
  return `${range}${copy.perMonth}`;
}

/** The moment in the market's time zone, e.g. "23 de noviembre de 2026, 15:37 (GMT-6)". */
export function localTime(at: Date, market: Market): string {
  return `${timeFormat(market).format(at)} (${zoneName(at, market)})`;
}

function zoneName(at: Date, market: Market): string {
  const parts = zoneFormat(market).formatToParts(at);
  return parts.find((p) => p.type === "timeZoneName")?.value ?? MARKET_BY_CODE[market].timeZone;
}

/** The WhatsApp chat link of an E.164 number: https://wa.me/<digits>. */
export const whatsappLink = (e164: string) => `https://wa.me/${e164.replace(/\D/g, "")}`;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Row = { label: string; text: string; html?: string };

function touchRows(touch: Touch, copy: Copy, market: Market): Row[] {
  const rows: Row[] = [];
  for (const name of UTM_PARAMS) if (touch[name]) rows.push({ label: name, text: touch[name]! });
  const clicks = CLICK_ID_PARAMS.flatMap((name) => (touch[name] ? [`${name}=${touch[name]}`] : []));
  if (clicks.length > 0) rows.push({ label: copy.clickIds, text: clicks.join(", ") });
  if (touch.landing_url) rows.push({ label: copy.landing, text: touch.landing_url });
  if (touch.referrer) rows.push({ label: copy.referrer, text: touch.referrer });
  if (touch.at) rows.push({ label: copy.visitedAt, text: localTime(new Date(touch.at), market) });
  return rows;
}

export type SalesEmail = { subject: string; text: string; html: string };

/** A lead as sales hears of it: with what the lead was told, when the route could work it out. */
export type AlertedLead = Lead & { followUp?: FollowUp };

/** The reference the lead quotes, what we promised them, and whether they wrote outside the team's hours. */
function followUpRows(followUp: FollowUp | undefined, copy: Copy, market: Market): Row[] {
  if (!followUp) return [];
  return [
    { label: copy.reference, text: followUp.reference },
    ...(followUp.contactBy ? [{ label: copy.promised, text: localTime(new Date(followUp.contactBy), market) }] : []),
    ...(followUp.outOfHours != null
      ? [{ label: copy.arrived, text: copy.hours[followUp.outOfHours ? "out" : "in"] }]
      : []),
  ];
}

/** The signed page of each stage for this lead (lib/stages/stage-link.ts), when the site can record stages. */
export type StageLinks = Record<Stage, string>;

const BUTTON_COLOURS: Record<Stage, string> = {
  qualified: "background:#166534;color:#ffffff",
  not_qualified: "background:#ffffff;color:#334155;border:1px solid #94a3b8",
  customer: "background:#163c8a;color:#ffffff",
};

/**
 * Sales' verdict in one click: a button per stage (a table of links, which every mail client draws), each opening the
 * page that asks to confirm. In the text part, one line per stage.
 */
function stageButtons(links: StageLinks | undefined, market: Lead["market"]): { text: string[]; html: string[] } {
  if (!links) return { text: [], html: [] };
  const copy = STAGE_COPY[market];
  const text = [
    "",
    copy.email.title,
    ...STAGES.map((stage) => `${copy.stages[stage]}: ${links[stage]}`),
    copy.email.hint,
  ];
  const buttons = STAGES.map(
    (stage) =>
      `<td style="padding:0 8px 8px 0"><a href="${escapeHtml(links[stage])}" style="display:inline-block;padding:12px 18px;border-radius:8px;font-weight:bold;text-decoration:none;${BUTTON_COLOURS[stage]}">${escapeHtml(copy.stages[stage])}</a></td>`,
  ).join("");
  const html = [
    `<h2 style="font-size:16px;margin-top:24px">${escapeHtml(copy.email.title)}</h2>`,
    `<table role="presentation" cellpadding="0" cellspacing="0"><tr>${buttons}</tr></table>`,
    `<p style="color:#475569;font-size:13px;margin-top:4px">${escapeHtml(copy.email.hint)}</p>`,
  ];
  return { text, html };
}

/** The alert for `lead`, received at `receivedAt`, with the stage buttons when `stageLinks` are given. */
export function salesEmail(lead: AlertedLead, receivedAt: Date, stageLinks?: StageLinks): SalesEmail {
  const copy = COPY[lead.market];
  const volume = volumeLabel(lead.volume, lead.market);
  const subject = `${copy.newLead}: ${lead.company} · ${copy.marketName} · ${volume}`;
  const tel = `tel:${lead.phoneE164}`;
  const whatsapp = whatsappLink(lead.phoneE164);

  const fields: Row[] = [
    { label: copy.company, text: lead.company },
    { label: copy.contact, text: lead.contact },
    {
      label: copy.email,
      text: lead.email,
      html: `<a href="${escapeHtml(mailtoLink(lead.email))}">${escapeHtml(lead.email)}</a>`,
    },
    {
      label: copy.phone,
      text: `${lead.phoneE164} · ${copy.call}: ${tel} · ${copy.whatsapp}: ${whatsapp}`,
      html: `<a href="${escapeHtml(tel)}">${escapeHtml(lead.phoneE164)}</a> · <a href="${escapeHtml(tel)}">${escapeHtml(copy.call)}</a> · <a href="${escapeHtml(whatsapp)}">${escapeHtml(copy.whatsapp)}</a>`,
    },
    { label: copy.country, text: copy.countries[lead.country] },
    { label: copy.reason, text: copy.reasons[lead.reason] },
    { label: copy.volume, text: volume },
    // A lead from a campaign page names it beside the market: /mx/importadores-china.
    { label: copy.market, text: lead.page ? `${copy.marketName} · /${lead.market}/${lead.page}` : copy.marketName },
    { label: copy.receivedAt, text: localTime(receivedAt, lead.market) },
    { label: copy.consent, text: copy.consents[lead.consent] },
    ...(lead.noticeVersion ? [{ label: copy.notice, text: lead.noticeVersion }] : []),
    ...(lead.variant ? [{ label: copy.variant, text: lead.variant }] : []),
    { label: copy.leadId, text: lead.id },
    ...followUpRows(lead.followUp, copy, lead.market),
  ];
  const touches: [string, Touch | undefined][] = [
    [copy.firstTouch, lead.attribution.first],
    [copy.lastTouch, lead.attribution.last],
  ];

  const textRows = (rows: Row[]) => rows.map((r) => `${r.label}: ${r.text}`).join("\n");
  const verdict = stageButtons(stageLinks, lead.market);
  const text = [
    subject,
    "",
    textRows(fields),
    ...verdict.text,
    ...touches.flatMap(([title, touch]) => [
      "",
      title,
      touch ? textRows(touchRows(touch, copy, lead.market)) : copy.noCampaign,
    ]),
    "",
    copy.footer,
    "",
  ].join("\n");

  const htmlTable = (rows: Row[]) =>
    `<table cellpadding="4" cellspacing="0" style="border-collapse:collapse">${rows
      .map(
        (r) =>
          `<tr><th align="left" valign="top" style="padding-right:16px">${escapeHtml(r.label)}</th><td style="word-break:break-all">${r.html ?? escapeHtml(r.text)}</td></tr>`,
      )
      .join("")}</table>`;
  const html = [
    `<!doctype html><html lang="${MARKET_LOCALES[lead.market]}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#0f172a">`,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>`,
    htmlTable(fields),
    ...verdict.html,
    ...touches.map(
      ([title, touch]) =>
        `<h2 style="font-size:16px;margin-top:24px">${escapeHtml(title)}</h2>${touch ? htmlTable(touchRows(touch, copy, lead.market)) : `<p>${escapeHtml(copy.noCampaign)}</p>`}`,
    ),
    `<p style="color:#475569;margin-top:24px">${escapeHtml(copy.footer)}</p>`,
    `</body></html>`,
  ].join("\n");
  return { subject, text, html };
}
