// Signed calls between our own services (the site → an Edge Function, the site → a webhook receiver). The caller
// sends `X-Signature: t=<unix ms>,v1=<hex HMAC-SHA256 of "<t>.<body bytes>">` made with a secret only the two hold
// (calls between our own ends put their purpose first, "<purpose>:<t>.<body bytes>", so a signature made for one
// receiver is worth nothing to another even if their secrets were the same; the webhook keeps the format CRMs know);
// the receiver recomputes it over the exact bytes it received, compares in constant time, and accepts a timestamp
// within the tolerance window either side of its clock. Inside the window a captured call could be sent again, so
// the receiver also records each accepted signature until `expiresAt`, where all of its instances see it (the
// meta-conversion function: in the database). Web Crypto only: the site (Node) and the functions (Deno) run it.

/** The request header that carries the signature. */
export const SIGNATURE_HEADER = "x-signature";
/** How far a signature's timestamp may be from the receiver's clock: calls are signed when sent, seconds before. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
/** Shorter shared secrets are refused: 32 characters from `openssl rand -hex 32` or a password manager. */
export const MIN_SECRET_LENGTH = 32;

export type SignatureCheck =
  /** `signature` identifies this exact call: the receiver refuses it again until `expiresAt`. */
  | { ok: true; signature: string; expiresAt: Date }
  | { ok: false; reason: "missing" | "malformed" | "mismatch" | "stale" };

/** What a call to the meta-conversion function signs for: a webhook's signature (no purpose) never passes there. */
export const CONVERSION_SIGNATURE_PURPOSE = "meta-conversion";

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/** `"<purpose>:<timestamp>."` (or `"<timestamp>."`) followed by the body's bytes: what the HMAC covers. */
function signedBytes(timestamp: number, body: string | Uint8Array, purpose?: string): Uint8Array<ArrayBuffer> {
  const prefix = encoder.encode(purpose ? `${purpose}:${timestamp}.` : `${timestamp}.`);
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  const out = new Uint8Array(prefix.byteLength + bytes.byteLength);
  out.set(prefix);
  out.set(bytes, prefix.byteLength);
  return out;
}

const toHex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The header value signing `body` (the exact bytes that will be sent) at `now`, for `purpose` when given. */
export async function signatureHeader(
  secret: string,
  body: string | Uint8Array,
  now = Date.now(),
  purpose?: string,
): Promise<string> {
  const timestamp = Math.floor(now);
  const mac = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), signedBytes(timestamp, body, purpose));
  return `t=${timestamp},v1=${toHex(mac)}`;
}

/**
 * Checks a signature header against the body as received. `crypto.subtle.verify` compares the MACs in constant
 * time (Node and Deno both); the timestamp is judged only once the MAC is ours, since nobody else can choose one.
 */
export async function verifySignatureHeader(
  secret: string,
  header: string | null,
  body: string | Uint8Array,
  {
    now = Date.now(),
    toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
    purpose,
  }: { now?: number; toleranceSeconds?: number; purpose?: string } = {},
): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: "missing" };
  const match = /^t=(\d{1,15}),v1=([0-9a-f]{64})$/.exec(header.trim());
  if (!match) return { ok: false, reason: "malformed" };
  const timestamp = Number(match[1]);
  const signature = match[2]!;
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(secret, "verify"),
    fromHex(signature),
    signedBytes(timestamp, body, purpose),
  );
  if (!valid) return { ok: false, reason: "mismatch" };
  if (Math.abs(now - timestamp) > toleranceSeconds * 1000) return { ok: false, reason: "stale" };
  return { ok: true, signature, expiresAt: new Date(timestamp + toleranceSeconds * 1000) };
}
