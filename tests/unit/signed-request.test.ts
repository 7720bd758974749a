import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CONVERSION_SIGNATURE_PURPOSE,
  signatureHeader,
  SIGNATURE_TOLERANCE_SECONDS,
  verifySignatureHeader,
} from "#edge/signed-request";

const SECRET = "0123456789abcdef0123456789abcdef";
const BODY = JSON.stringify({
  eventName: "Lead",
  eventId: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
  company: "Acme Ñandú",
});
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

describe("signed calls between our services", () => {
  it("signs t.body with HMAC-SHA256 in hex, as a receiver in any language recomputes it", async () => {
    const header = await signatureHeader(SECRET, BODY, NOW);
    const expected = createHmac("sha256", SECRET).update(`${NOW}.${BODY}`, "utf8").digest("hex");
    expect(header).toBe(`t=${NOW},v1=${expected}`);
    // The same over bytes as over the string they encode.
    expect(await signatureHeader(SECRET, new TextEncoder().encode(BODY), NOW)).toBe(header);
  });

  it("accepts its own signature over the same bytes, and says until when to refuse it again", async () => {
    const header = await signatureHeader(SECRET, BODY, NOW);
    const check = await verifySignatureHeader(SECRET, header, new TextEncoder().encode(BODY), { now: NOW + 2_000 });
    expect(check).toEqual({
      ok: true,
      signature: header.split("v1=")[1],
      expiresAt: new Date(NOW + SIGNATURE_TOLERANCE_SECONDS * 1000),
    });
  });

  it("refuses a missing, malformed, forged or altered signature, and a stale one", async () => {
    const header = await signatureHeader(SECRET, BODY, NOW);
    const verify = (h: string | null, body = BODY, now = NOW) =>
      verifySignatureHeader(SECRET, h, body, { now }).then((c) => (c.ok ? "ok" : c.reason));
    expect(await verify(null)).toBe("missing");
    expect(await verify("")).toBe("missing");
    for (const bad of [
      "t=abc,v1=00",
      `v1=${header.split("v1=")[1]}`,
      `${header},v1=${"0".repeat(64)}`,
      header.toUpperCase(),
    ])
      expect(await verify(bad), bad).toBe("malformed");
    expect(await verify(await signatureHeader("another-secret-of-32-characters!!", BODY, NOW))).toBe("mismatch");
    expect(await verify(header, BODY.replace("Acme", "Acmé"))).toBe("mismatch");
    expect(await verify(header, `${BODY} `)).toBe("mismatch");
    // Moving the timestamp breaks the MAC: a stale call cannot be refreshed without the secret.
    expect(await verify(header.replace(`t=${NOW}`, `t=${NOW + 60_000}`))).toBe("mismatch");
    const window = SIGNATURE_TOLERANCE_SECONDS * 1000;
    expect(await verify(header, BODY, NOW + window)).toBe("ok");
    expect(await verify(header, BODY, NOW + window + 1)).toBe("stale");
    expect(await verify(header, BODY, NOW - window - 1)).toBe("stale");
  });

  it("labels a conversion call with its purpose: a webhook's signature made with the same secret does not pass", async () => {
    const webhook = await signatureHeader(SECRET, BODY, NOW);
    const conversion = await signatureHeader(SECRET, BODY, NOW, CONVERSION_SIGNATURE_PURPOSE);
    const asConversion = (header: string) =>
      verifySignatureHeader(SECRET, header, BODY, { now: NOW, purpose: CONVERSION_SIGNATURE_PURPOSE }).then((c) =>
        c.ok ? "ok" : c.reason,
      );
    expect(await asConversion(webhook)).toBe("mismatch");
    expect(await asConversion(conversion)).toBe("ok");
    // Nor the other way round; the webhook's own format is unchanged (see the first test).
    expect((await verifySignatureHeader(SECRET, conversion, BODY, { now: NOW })).ok).toBe(false);
  });
});
