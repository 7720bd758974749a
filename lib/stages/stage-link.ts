import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { isMarket, type Market } from "../markets/markets";
import { STAGES, type Stage } from "./stages";

/**
 * The signed links of the sales email: each names one lead, one stage and the lead's market (the page's language),
 * and when it stops working, signed with LEAD_STAGE_SECRET. Opening one shows a page that asks to confirm (a POST):
 * fetching it records nothing, so the link scanners of mail services change nothing.
 *
 * A token is 75 URL-safe characters: base64url of 24 bytes (a version byte, the lead's id as 16 bytes, the stage, the
 * market's two letters, the expiry in Unix seconds) followed by base64url of their HMAC-SHA256 (32 bytes), computed over
 * "lead-stage-link:" and those bytes, so no other signature of the site (which uses other purposes) can pass for one.
 */

/** Links stay valid this long: a customer may take months to be won. */
export const STAGE_LINK_DAYS = 180;
const VERSION = 1;
const PAYLOAD_BYTES = 24;
const MAC_BYTES = 32;
const PURPOSE = Buffer.from("lead-stage-link:");
/** The length of a token: what a route accepts before it computes anything. */
export const STAGE_TOKEN_LENGTH = Math.ceil((PAYLOAD_BYTES * 4) / 3) + Math.ceil((MAC_BYTES * 4) / 3);
export const STAGE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{75}$/;

export type StageLink = { leadId: string; stage: Stage; market: Market; expiresAt: Date };

export type StageLinkCheck = ({ ok: true } & StageLink) | { ok: false; reason: "malformed" | "forged" | "expired" };

const mac = (secret: string, payload: Buffer) => createHmac("sha256", secret).update(PURPOSE).update(payload).digest();

/** The token of a link to record `stage` for the lead, valid STAGE_LINK_DAYS from `now`. */
export function stageLinkToken(
  secret: string,
  link: { leadId: string; stage: Stage; market: Market },
  now = Date.now(),
): string {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8(VERSION, 0);
  Buffer.from(link.leadId.replace(/-/g, ""), "hex").copy(payload, 1);
  payload.writeUInt8(STAGES.indexOf(link.stage), 17);
  payload.write(link.market, 18, 2, "ascii");
  payload.writeUInt32BE(Math.floor(now / 1000) + STAGE_LINK_DAYS * 86_400, 20);
  return payload.toString("base64url") + mac(secret, payload).toString("base64url");
}

const uuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** Checks a token: its signature first (in constant time), then its expiry; what it names when both hold. */
export function verifyStageLink(secret: string, token: unknown, now = Date.now()): StageLinkCheck {
  if (typeof token !== "string" || !STAGE_TOKEN_PATTERN.test(token)) return { ok: false, reason: "malformed" };
  const payloadChars = Math.ceil((PAYLOAD_BYTES * 4) / 3);
  const payload = Buffer.from(token.slice(0, payloadChars), "base64url");
  const given = Buffer.from(token.slice(payloadChars), "base64url");
  if (payload.length !== PAYLOAD_BYTES || given.length !== MAC_BYTES) return { ok: false, reason: "malformed" };
  if (!timingSafeEqual(given, mac(secret, payload))) return { ok: false, reason: "forged" };
  const stage = STAGES[payload.readUInt8(17)];
  const market = payload.toString("ascii", 18, 20);
  if (payload.readUInt8(0) !== VERSION || !stage || !isMarket(market)) return { ok: false, reason: "malformed" };
  const expiresAt = new Date(payload.readUInt32BE(20) * 1000);
  if (expiresAt.getTime() <= now) return { ok: false, reason: "expired" };
  return { ok: true, leadId: uuid(payload.toString("hex", 1, 17)), stage, market, expiresAt };
}

/** The page a link opens: /lead-stage/<market>?t=<token> on the site's origin. */
export const STAGE_PAGE_PATH = "/lead-stage";
export function stageLinkUrl(siteUrl: string, secret: string, link: { leadId: string; stage: Stage; market: Market }) {
  return `${new URL(siteUrl).origin}${STAGE_PAGE_PATH}/${link.market}?t=${stageLinkToken(secret, link)}`;
}
