import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  buildLeadEvent,
  mayReport,
  nameParts,
  normaliseEmail,
  normalisePhone,
  readConversionRequest,
  type DeclaredMarketLead,
} from "#edge/meta-event";
import { leadConversion, localSinkFields } from "@/lib/meta/conversion-reporter";
import { metaBrowserIds } from "@/lib/meta/browser-ids";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const stored: DeclaredMarketLead = {
  id: "8d7f1f0e-5b7a-4c8e-9a43-1f2d3c4b5a69",
  created_at: "2026-11-22T12:00:00.000Z",
  company: "Acme",
  email: "  Ana@Example.COM ",
  phone_e164: "+5491112345678",
  contact_name: "Ana Pérez",
  market: "ar",
  country: "usa",
  reason: "goods",
  volume: "0-4999",
  tracking_consent: "granted",
  held_reason: null,
};
const visit = { eventSourceUrl: "https://pagos.example/ar", clientUserAgent: "Mozilla/5.0" };

describe("Meta's normalisation rules", () => {
  it("trims and lower-cases email; the phone is its E.164 digits", () => {
    expect(normaliseEmail("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(normalisePhone("+5491112345678")).toBe("5491112345678");
  });

  describe("the contact name as Meta's fn and ln", () => {
    it("is lower case, without punctuation, symbols, digits or spaces, accents kept (NFC)", () => {
      expect(nameParts("  Ana   Pérez ", "mx")).toEqual({ fn: "ana", ln: "pérez" });
      expect(nameParts("Seán O'Brien-Núñez", "ar")).toEqual({ fn: "seán", ln: "obriennúñez" });
      expect(nameParts("ÑANDÚ", "ar")).toEqual({ fn: "ñandú" });
      expect(nameParts("Ana-María Gómez", "mx")).toEqual({ fn: "anamaría", ln: "gómez" });
      expect(nameParts("Ana Pérez (compras) 2", "mx")).toEqual({ fn: "ana", ln: "pérez" });
      expect(nameParts("Zoë 🚀 Ødegård", "br")).toEqual({ fn: "zoë", ln: "ødegård" });
      expect(nameParts("Conceição Gonçalves", "br")).toEqual({ fn: "conceição", ln: "gonçalves" });
      // A decomposed accent (as some keyboards type it) hashes like the composed one.
      expect(nameParts("Jose\u0301 Nu\u0301n\u0303ez", "mx")).toEqual(nameParts("José Núñez", "mx"));
      expect(nameParts("José Núñez", "mx")).toEqual({ fn: "jos\u00e9", ln: "n\u00fa\u00f1ez" });
    });

    it("keeps a surname's particles with it: “María José de la Fuente” is maría / delafuente", () => {
      expect(nameParts("María José de la Fuente", "mx")).toEqual({ fn: "maría", ln: "delafuente" });
      expect(nameParts("João da Silva", "br")).toEqual({ fn: "joão", ln: "dasilva" });
      expect(nameParts("Luis del Río", "ar")).toEqual({ fn: "luis", ln: "delrío" });
      expect(nameParts("Maria dos Santos", "br")).toEqual({ fn: "maria", ln: "dossantos" });
      expect(nameParts("Pieter van der Berg", "ar")).toEqual({ fn: "pieter", ln: "vanderberg" });
    });

    it("takes the surname each market goes by when two follow two given names: the first in Spanish, the last in Brazil", () => {
      expect(nameParts("María José García López", "mx")).toEqual({ fn: "maría", ln: "garcía" });
      expect(nameParts("Juan Pablo Fernández de la Torre", "ar")).toEqual({ fn: "juan", ln: "fernández" });
      expect(nameParts("Ana Paula Souza Lima", "br")).toEqual({ fn: "ana", ln: "lima" });
      // Three words: in Brazil the last one, whichever the second is.
      expect(nameParts("Ana Paula Souza", "br")).toEqual({ fn: "ana", ln: "souza" });
    });

    it("sends both readings of a three-word Spanish name: given + given + surname, or given + two surnames", () => {
      expect(nameParts("Juan Carlos Pérez", "mx")).toEqual({ fn: "juan", ln: "pérez", otherLn: "carlos" });
      expect(nameParts("Juan Pérez García", "ar")).toEqual({ fn: "juan", ln: "garcía", otherLn: "pérez" });
    });

    it("drops what is not a word of the name: emoji leftovers, notes in parentheses, generational suffixes", () => {
      // An emoji leaves a variation selector (U+FE0F) or a keycap mark (U+20E3): no letter, so no word.
      expect(nameParts("Andrea López ❤️", "mx")).toEqual({ fn: "andrea", ln: "lópez" });
      expect(nameParts("Andrea López 1️⃣", "ar")).toEqual({ fn: "andrea", ln: "lópez" });
      expect(nameParts("❤️ Andrea", "br")).toEqual({ fn: "andrea" });
      expect(nameParts("Ana Pérez (compras)", "mx")).toEqual({ fn: "ana", ln: "pérez" });
      expect(nameParts("Ana Pérez [ventas", "mx")).toEqual({ fn: "ana", ln: "pérez" });
      expect(nameParts("Juan Pérez Jr.", "mx")).toEqual({ fn: "juan", ln: "pérez" });
      expect(nameParts("João Silva Filho", "br")).toEqual({ fn: "joão", ln: "silva" });
      expect(nameParts("Ana Neto", "br")).toEqual({ fn: "ana", ln: "neto" });
    });

    it("reads “y” and “e” between two surnames as joining them: the paternal one in Spanish, the last in Brazil", () => {
      expect(nameParts("José Ortega y Gasset", "mx")).toEqual({ fn: "josé", ln: "ortega" });
      expect(nameParts("Juan Carlos Ortega y Gasset", "ar")).toEqual({ fn: "juan", ln: "ortega" });
      expect(nameParts("Luis Pérez e Iglesias", "mx")).toEqual({ fn: "luis", ln: "pérez" });
      expect(nameParts("Maria Souza e Silva", "br")).toEqual({ fn: "maria", ln: "silva" });
      expect(nameParts("Ana y", "mx")).toEqual({ fn: "ana", ln: "y" });
    });

    it("sends each reading of the last name as its own hashed value", async () => {
      const event = await buildLeadEvent({ ...stored, contact_name: "Juan Carlos Pérez", market: "mx" }, visit);
      expect(event.user_data.ln).toEqual([sha256("pérez"), sha256("carlos")]);
    });

    it("skips a leading title, and gives no name for none", () => {
      expect(nameParts("Lic. Juan Pérez", "mx")).toEqual({ fn: "juan", ln: "pérez" });
      expect(nameParts("Ing. María Gómez", "ar")).toEqual({ fn: "maría", ln: "gómez" });
      expect(nameParts("Dra. Ana", "mx")).toEqual({ fn: "ana" });
      expect(nameParts("Dr", "mx")).toEqual({ fn: "dr" });
      expect(nameParts(" - ", "mx")).toEqual({});
      expect(nameParts("", "mx")).toEqual({});
      expect(nameParts("Juan de", "mx")).toEqual({ fn: "juan" });
    });
  });

  // Input, normalised form and SHA-256 exactly as Meta documents them on its customer information parameters page.
  it("hashes Meta's own examples to Meta's published digests", async () => {
    const event = await buildLeadEvent({ ...stored, email: "John_Smith@gmail.com", phone_e164: "+16505551212" }, visit);
    expect(event.user_data.em).toEqual(["62a14e44f765419d10fea99367361a727c12365e2520f32218d505ed9aa0f62f"]);
    expect(event.user_data.ph).toEqual(["e323ec626319ca94ee8bff2e4c87cf613be6ea19919ed1364124e16807ab3176"]);
  });
});

describe("the Conversions API event", () => {
  it("is the visitor's market as country, the destination in custom_data, and the stored time and id", async () => {
    const event = await buildLeadEvent(stored, visit);
    expect(event).toEqual({
      event_name: "Lead",
      event_time: 1795348800,
      event_id: stored.id,
      action_source: "website",
      event_source_url: visit.eventSourceUrl,
      user_data: {
        em: [sha256("ana@example.com")],
        ph: [sha256("5491112345678")],
        fn: [sha256("ana")],
        ln: [sha256("pérez")],
        external_id: [sha256("ana@example.com")],
        country: [sha256("ar")],
        client_user_agent: "Mozilla/5.0",
      },
      custom_data: { destination_country: "usa", reason: "goods", volume: "0-4999" },
    });
  });
});

describe("the body the function accepts", () => {
  const body = { eventName: "Lead", eventId: stored.id, userData: {}, customData: {}, market: "ar", ...visit };
  it("keeps the id and the visit's context, and drops identifiers in the wrong shape", () => {
    expect(
      readConversionRequest({
        ...body,
        consent: "granted",
        clientIpAddress: "2001:db8::1",
        fbp: "fb.1.1763860000000.123",
        fbc: "bad",
      }),
    ).toEqual({
      eventId: stored.id,
      consent: "granted",
      held: "unsaid",
      leadDigest: null,
      context: { ...visit, clientIpAddress: "2001:db8::1", fbp: "fb.1.1763860000000.123" },
    });
  });
  it("takes a call that does not say the request passed every check as held, and keeps only a well-formed digest", () => {
    const digest = "a".repeat(64);
    expect(readConversionRequest({ ...body, held: null, leadDigest: digest })).toMatchObject({
      held: null,
      leadDigest: digest,
    });
    expect(readConversionRequest({ ...body, held: "no_proof" })).toMatchObject({ held: "no_proof" });
    for (const held of [undefined, false, 0, "", "No Proof!", {}])
      expect(readConversionRequest({ ...body, held }), String(held)).toMatchObject({ held: "unsaid" });
    for (const leadDigest of [undefined, "A".repeat(64), "a".repeat(63), 42])
      expect(readConversionRequest({ ...body, held: null, leadDigest })).toMatchObject({ leadDigest: null });
  });
  it("takes a missing or unknown consent as none", () => {
    for (const consent of [undefined, "yes", true])
      expect(readConversionRequest({ ...body, consent })).toMatchObject({ consent: "unanswered" });
  });
  it("may report only when both the call and the stored lead allow it", () => {
    expect(mayReport(stored, "granted")).toBe(true);
    expect(mayReport({ ...stored, tracking_consent: "not_asked" }, "not_asked")).toBe(true);
    for (const [row, call] of [
      ["granted", "denied"],
      ["denied", "granted"],
      ["unanswered", "granted"],
      [null, "granted"],
      ["granted", "unanswered"],
    ] as const)
      expect(mayReport({ ...stored, tracking_consent: row }, call), `${row}/${call}`).toBe(false);
  });
  it.each([
    [null, /object/],
    [{ ...body, eventName: "Purchase" }, /eventName/],
    [{ ...body, eventId: "8d7f1f0e-5b7a-1c8e-9a43-1f2d3c4b5a69" }, /UUID v4/],
    [{ ...body, eventSourceUrl: "ftp://x" }, /eventSourceUrl/],
    [{ ...body, clientUserAgent: "" }, /clientUserAgent/],
  ])("refuses %o", (value, message) => {
    const read = readConversionRequest(value);
    expect("error" in read && read.error).toMatch(message);
  });
});

describe("the site's conversion body (the keys of docs/requirements.md#storing-and-reporting plus the visit)", () => {
  it("keeps the spec's keys and meanings, with the phone in E.164, the visit's context and what the site vouches for", async () => {
    const lead = {
      id: stored.id,
      company: "Acme",
      contact: "Ana",
      email: "ana@example.com",
      phonePrefix: "54",
      phone: "91112345678",
      phoneE164: "+5491112345678",
      country: "usa",
      reason: "goods",
      volume: "0-4999",
      market: "ar",
      attribution: {},
      consent: "granted",
      noticeVersion: "2026-11-23",
    } as const;
    const body = await leadConversion(lead, {
      pageUrl: "https://pagos.example/ar?fbclid=abc",
      userAgent: "UA",
      ip: null,
      fbc: "fb.1.1763860000000.abc",
    });
    expect(body).toEqual({
      eventName: "Lead",
      eventId: stored.id,
      userData: { email: "ana@example.com", phone: "+5491112345678", country: "usa" },
      customData: { company: "Acme", reason: "goods", volume: "0-4999" },
      market: "ar",
      consent: "granted",
      // The request passed every check, and the site stored exactly these details.
      held: null,
      leadDigest: sha256(
        JSON.stringify([stored.id, "Acme", "Ana", "ana@example.com", "+5491112345678", "usa", "goods", "0-4999", "ar"]),
      ),
      eventSourceUrl: "https://pagos.example/ar?fbclid=abc",
      clientUserAgent: "UA",
      fbc: "fb.1.1763860000000.abc",
    });
    expect(readConversionRequest(body)).not.toHaveProperty("error");
  });
});

describe("the local sink's line (embedded mode)", () => {
  const lead = {
    id: stored.id,
    company: "Acme",
    contact: "Ana",
    email: "ana@example.com",
    phonePrefix: "54",
    phone: "91112345678",
    phoneE164: "+5491112345678",
    country: "usa",
    reason: "goods",
    volume: "0-4999",
    market: "ar",
    attribution: {},
    noticeVersion: "2026-11-23",
  } as const;
  const visit = {
    pageUrl: "https://pagos.example/ar?utm_source=fb&fbclid=IwAR0abc",
    userAgent: "UA",
    ip: "203.0.113.9",
    fbc: "fb.1.1763860000000.IwAR0abc",
  };

  it("says what Meta would get with consent, and that it would get nothing without; never the page's query", async () => {
    expect(localSinkFields(await leadConversion({ ...lead, consent: "granted" }, visit))).toEqual({
      eventName: "Lead",
      page: "https://pagos.example/ar",
      consent: "granted",
      wouldSend: ["email", "phone", "country", "name", "clientUserAgent", "clientIpAddress", "fbc"],
    });
    for (const consent of ["denied", "unanswered"] as const) {
      const line = localSinkFields(await leadConversion({ ...lead, consent }, visit));
      expect(line).toEqual({ eventName: "Lead", page: "https://pagos.example/ar", consent, wouldSend: [] });
      expect(JSON.stringify(line)).not.toMatch(/fbclid|IwAR|203\.0/);
    }
  });
});

describe("Meta's browser ids", () => {
  const now = 1763860000123;
  it("reads _fbp and _fbc from the cookies", () => {
    expect(
      metaBrowserIds(
        "a=1; _fbp=fb.1.1763860000000.987654321; _fbc=fb.1.1763860000000.IwAR1",
        "https://pagos.example/mx?fbclid=other",
        now,
      ),
    ).toEqual({
      fbp: "fb.1.1763860000000.987654321",
      fbc: "fb.1.1763860000000.IwAR1",
    });
  });
  it("builds fbc from an fbclid in the page URL when there is no _fbc cookie, as fb.1.<ms>.<fbclid>", () => {
    expect(metaBrowserIds(null, "https://pagos.example/mx?utm_source=fb&fbclid=IwAR2x_Y-z", now)).toEqual({
      fbc: `fb.1.${now}.IwAR2x_Y-z`,
    });
  });
  it("forwards nothing in another shape", () => {
    expect(metaBrowserIds("_fbp=evil; _fbc=fb.1.x.y", "https://pagos.example/mx?fbclid=a%20b", now)).toEqual({});
    expect(metaBrowserIds(null, "https://pagos.example/mx", now)).toEqual({});
  });
});
