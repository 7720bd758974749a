import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  CLICK_ID_PARAMS,
  cleanAttribution,
  cleanClickId,
  cleanLandingUrl,
  cleanReferrer,
  cleanText,
  freshAttribution,
  recordTouch,
  touchFromVisit,
  TRACKING_LIMITS,
  UTM_PARAMS,
  type Attribution,
} from "@/lib/attribution/campaign-touch";

/** What the database refuses in a tracking value (the migration's is_tracking_text), and JS's trimmed whitespace. */
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const codePoints = (text: string) => [...text].length;

/** Text a hostile or broken link may carry: controls, bidi marks, padding, astral and lone surrogates, long runs. */
const nastyUnit = fc.oneof(
  fc.constantFrom(
    "\u0000",
    "\u0007",
    "\n",
    "\u0085",
    "\u009f",
    "\u061c",
    "\u200e",
    "\u200f",
    "\u202e",
    "\u2066",
    "\u2069",
    " ",
    "\u00a0",
    "\ufeff",
    "😀",
    "é",
    "\ud800",
    "\udfff",
    "%",
    "&",
    "=",
    "#",
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
  fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }),
);
const nasty = fc.oneof(
  fc.string({ unit: nastyUnit, maxLength: 40 }),
  fc.string({ unit: nastyUnit, minLength: 190, maxLength: 700 }),
);
const urls = fc.oneof(
  fc.webUrl({
    withQueryParameters: true,
    withFragments: true,
    authoritySettings: { withUserInfo: true, withPort: true },
  }),
  fc
    .tuple(fc.webUrl(), nasty, nasty)
    .map(([url, a, b]) => `${url}?utm_source=${a}&fbclid=${b}&utm_campaign=${b}&mc_eid=${a}#${b}`),
  fc.tuple(fc.webUrl(), nasty).map(([url, a]) => `${url}/${a.repeat(3)}`),
  nasty,
);
const NOW = Date.parse("2026-11-23T12:00:00.000Z");
const DAY = 86_400_000;

describe("cleaning a tracking value", () => {
  it("gives text within its limit, trimmed, with no control or text-direction character, or nothing; cleaning twice changes nothing", () => {
    fc.assert(
      fc.property(nasty, fc.constantFrom(TRACKING_LIMITS.utm, TRACKING_LIMITS.clickId, 3), (value, max) => {
        const clean = cleanText(value, max);
        if (clean === undefined) return;
        expect(codePoints(clean)).toBeLessThanOrEqual(max);
        expect(clean).not.toMatch(UNWANTED);
        expect(clean).toBe(clean.trim());
        expect(clean).toBe(clean.toWellFormed());
        expect(cleanText(clean, max)).toBe(clean);
      }),
      { numRuns: 2_000 },
    );
  });

  it("cuts an over-long campaign name to 200 characters and keeps what a person wrote", () => {
    expect(cleanText(`  ${"ñ".repeat(250)}  `, TRACKING_LIMITS.utm)).toBe("ñ".repeat(200));
    expect(cleanText("Boletín\u202e «Noviembre» 😀\u0000", TRACKING_LIMITS.utm)).toBe("Boletín «Noviembre» 😀");
    expect(cleanText("\u200f\u0007 ", TRACKING_LIMITS.utm)).toBeUndefined();
    expect(cleanText(42, TRACKING_LIMITS.utm)).toBeUndefined();
  });

  it("keeps a click id only as URL-safe characters within 300, and drops it otherwise", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          nasty,
          fc.string({ unit: fc.constantFrom("a", "Z", "0", "-", "_", ".", "~"), minLength: 1, maxLength: 400 }),
        ),
        (value) => {
          const id = cleanClickId(value);
          if (id === undefined) return;
          expect(id).toMatch(/^[A-Za-z0-9._~-]{1,300}$/);
          expect(cleanClickId(id)).toBe(id);
        },
      ),
      { numRuns: 1_000 },
    );
    expect(cleanClickId("Cj0KCQiA_x-y.z~1")).toBe("Cj0KCQiA_x-y.z~1");
    expect(cleanClickId("IwAR<script>")).toBeUndefined();
    expect(cleanClickId("a".repeat(400))).toBe("a".repeat(300));
  });

  it("keeps a landing page as its address and campaign parameters only, within 1,024 characters; cleaning twice changes nothing", () => {
    fc.assert(
      fc.property(urls, (value) => {
        const landing = cleanLandingUrl(value);
        if (landing === undefined) return;
        expect(landing.length).toBeLessThanOrEqual(TRACKING_LIMITS.url);
        expect(landing).toMatch(/^https?:\/\/[^\s#]+$/);
        expect(landing).not.toMatch(UNWANTED);
        const parsed = URL.canParse(landing) ? new URL(landing) : undefined;
        expect([parsed?.username, parsed?.password]).not.toContainEqual(expect.stringMatching(/./));
        const query = parsed ? [...parsed.searchParams.keys()] : [];
        expect(query.every((name) => (UTM_PARAMS as readonly string[]).includes(name))).toBe(true);
        expect(cleanLandingUrl(landing)).toBe(landing);
      }),
      { numRuns: 1_000 },
    );
  });

  it("keeps of the landing page neither click ids nor any other parameter a mailing tool may add about the person", () => {
    expect(
      cleanLandingUrl(
        "https://pagos.example/mx/empresas?mc_eid=8a1f&utm_source=newsletter&fbclid=IwAR1&utm_campaign=cfo%20ana#contact-form",
      ),
    ).toBe("https://pagos.example/mx/empresas?utm_source=newsletter&utm_campaign=cfo+ana");
    expect(cleanLandingUrl("https://ana:secret@pagos.example/mx")).toBe("https://pagos.example/mx");
    // Over the limit, the query goes first: the campaign parameters have their own columns.
    expect(cleanLandingUrl(`https://pagos.example/mx?utm_campaign=${"%F0%9F%98%80".repeat(200)}`)).toBe(
      "https://pagos.example/mx",
    );
    expect(cleanLandingUrl("javascript:alert(1)")).toBeUndefined();
    expect(cleanLandingUrl("/mx?utm_source=a")).toBeUndefined();
  });

  it("keeps a referrer as its origin and path", () => {
    expect(cleanReferrer("https://www.google.com/")).toBe("https://www.google.com/");
    expect(cleanReferrer("https://l.facebook.com/l.php?u=https%3A%2F%2Fpagos.example&h=AT0x")).toBe(
      "https://l.facebook.com/l.php",
    );
    expect(cleanReferrer("android-app://com.google.android.gm/")).toBeUndefined();
  });
});

describe("the attribution a request carries", () => {
  // Whatever JSON a browser (or a script) may send: wrong types, deep nesting, long strings, the right keys with nasty
  // values.
  const touchLike = fc.record(
    Object.fromEntries(
      [...UTM_PARAMS, ...CLICK_ID_PARAMS, "landing_url", "referrer", "at"].map((name) => [
        name,
        fc.oneof(
          nasty,
          urls,
          fc.anything({ maxDepth: 3 }),
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
      ]),
    ),
    { requiredKeys: [] },
  );
  const sent = fc.oneof(
    fc.anything({ maxDepth: 4 }),
    fc.record(
      {
        first: fc.oneof(touchLike, fc.anything({ maxDepth: 2 })),
        last: fc.oneof(touchLike, fc.anything({ maxDepth: 2 })),
      },
      { requiredKeys: [] },
    ),
  );
  const deep = fc
    .integer({ min: 1, max: 5_000 })
    .map((depth) => JSON.parse(`${'{"first":'.repeat(depth)}1${"}".repeat(depth)}`) as unknown);

  it("is cleaned, never refused: every kept value within its limit, click ids only with consent, cleaning twice changes nothing", () => {
    fc.assert(
      fc.property(fc.oneof(sent, deep), fc.boolean(), (value, clickIds) => {
        const clean = cleanAttribution(value, { clickIds, now: NOW });
        for (const touch of [clean.first, clean.last]) {
          if (!touch) continue;
          for (const name of UTM_PARAMS)
            if (touch[name] !== undefined) expect(cleanText(touch[name], TRACKING_LIMITS.utm)).toBe(touch[name]);
          for (const name of CLICK_ID_PARAMS) {
            if (!clickIds) expect(touch[name]).toBeUndefined();
            else if (touch[name] !== undefined) expect(cleanClickId(touch[name])).toBe(touch[name]);
          }
          if (touch.at !== undefined) expect(Math.abs(Date.parse(touch.at) - NOW)).toBeLessThanOrEqual(91 * DAY);
          expect(
            Object.keys(touch).every((key) =>
              [...UTM_PARAMS, ...CLICK_ID_PARAMS, "landing_url", "referrer", "at"].includes(key),
            ),
          ).toBe(true);
        }
        expect(cleanAttribution(clean, { clickIds, now: NOW })).toEqual(clean);
      }),
      { numRuns: 1_000 },
    );
  });
});

describe("which visits are touches", () => {
  const SITE = "https://pagos.example";

  it("a visit with a campaign parameter or a click id is a touch; the referrer counts only from another site", () => {
    expect(
      touchFromVisit(`${SITE}/mx?utm_source=newsletter&utm_campaign=a`, "https://mail.example/inbox?id=7", {
        clickIds: false,
        now: NOW,
      }),
    ).toEqual({
      utm_source: "newsletter",
      utm_campaign: "a",
      landing_url: `${SITE}/mx?utm_source=newsletter&utm_campaign=a`,
      referrer: "https://mail.example/inbox",
      at: new Date(NOW).toISOString(),
    });
    expect(touchFromVisit(`${SITE}/br?utm_source=x`, `${SITE}/mx`, { clickIds: false, now: NOW })).not.toHaveProperty(
      "referrer",
    );
    // A click id alone (Google's auto-tagging) makes a touch; without consent it keeps only the page.
    expect(touchFromVisit(`${SITE}/mx?gclid=Cj0KCQ`, "https://www.google.com/", { clickIds: false, now: NOW })).toEqual(
      { landing_url: `${SITE}/mx`, referrer: "https://www.google.com/", at: new Date(NOW).toISOString() },
    );
    expect(touchFromVisit(`${SITE}/mx?gclid=Cj0KCQ`, "", { clickIds: true, now: NOW })).toMatchObject({
      gclid: "Cj0KCQ",
    });
  });

  it("a direct visit, an organic search, a link from inside the site or empty parameters are no touch", () => {
    expect(touchFromVisit(`${SITE}/mx`, "", { clickIds: true, now: NOW })).toBeUndefined();
    expect(touchFromVisit(`${SITE}/mx`, "https://www.google.com/", { clickIds: true, now: NOW })).toBeUndefined();
    expect(touchFromVisit(`${SITE}/mx?ref=partner`, `${SITE}/br`, { clickIds: true, now: NOW })).toBeUndefined();
    expect(
      touchFromVisit(`${SITE}/mx?utm_source=&utm_medium=%E2%80%AE&gclid=%3Cx%3E`, "", { clickIds: true, now: NOW }),
    ).toBeUndefined();
  });

  it("keeps the first touch for 90 days and always moves the last one", () => {
    const a = { utm_campaign: "a", at: new Date(NOW - 89 * DAY).toISOString() };
    const b = { utm_campaign: "b", at: new Date(NOW).toISOString() };
    expect(recordTouch({ first: a, last: a }, b, NOW)).toEqual({ first: a, last: b });
    const old = { utm_campaign: "old", at: new Date(NOW - 91 * DAY).toISOString() };
    expect(recordTouch({ first: old, last: old }, b, NOW)).toEqual({ first: b, last: b });
    expect(freshAttribution({ first: old, last: a }, NOW)).toEqual({ first: a, last: a });
    expect(freshAttribution({ first: old, last: old }, NOW)).toEqual({});
  });
});

describe("the browser's kept touches", () => {
  const storage = new Map<string, string>();
  /** A new page load: its own window, address and referrer. */
  const visit = (href: string, referrer = "") => {
    vi.stubGlobal("window", {});
    vi.stubGlobal("location", { href });
    vi.stubGlobal("document", { referrer });
  };
  const kept = () => JSON.parse(storage.get("puente_attribution") ?? "{}") as Attribution;

  beforeEach(() => {
    storage.clear();
    vi.resetModules();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("a campaign visit, a later one and a direct one: the lead carries the first and the latest campaign", async () => {
    vi.useFakeTimers({ now: NOW - 3 * DAY, toFake: ["Date"] });
    visit("https://pagos.example/mx?utm_source=newsletter&utm_campaign=a");
    (await import("@/lib/attribution/kept-touches")).captureVisit(false);
    vi.setSystemTime(NOW - DAY);
    vi.resetModules();
    visit("https://pagos.example/mx?utm_source=google&utm_campaign=b&gclid=Cj0", "https://www.google.com/");
    (await import("@/lib/attribution/kept-touches")).captureVisit(false);
    vi.setSystemTime(NOW);
    vi.resetModules();
    visit("https://pagos.example/mx", "https://www.google.com/");
    const touches = await import("@/lib/attribution/kept-touches");
    touches.captureVisit(true);
    expect(touches.attributionForLead(true)).toMatchObject({
      first: { utm_campaign: "a" },
      last: { utm_campaign: "b", referrer: "https://www.google.com/" },
    });
    expect(touches.attributionForLead(true).last).not.toHaveProperty("gclid");
  });

  it("consent given on the page keeps this visit's click ids; refusing forgets every kept one", async () => {
    visit("https://pagos.example/mx?utm_source=google&gclid=Cj0first");
    const touches = await import("@/lib/attribution/kept-touches");
    touches.captureVisit(false);
    expect(kept().last).not.toHaveProperty("gclid");
    touches.keepClickIdsOfThisVisit();
    expect(kept()).toMatchObject({ first: { gclid: "Cj0first" }, last: { gclid: "Cj0first" } });
    expect(touches.attributionForLead(false).last).not.toHaveProperty("gclid");
    touches.forgetClickIds();
    expect(kept().first).not.toHaveProperty("gclid");
    expect(kept().last).not.toHaveProperty("gclid");
  });

  it("tampered or stale storage is cleaned before it is sent, and broken storage costs nothing", async () => {
    storage.set(
      "puente_attribution",
      JSON.stringify({
        first: { utm_source: "x".repeat(5_000), junk: { deep: [1, 2, 3] }, at: new Date().toISOString() },
        last: "nonsense",
      }),
    );
    visit("https://pagos.example/mx");
    const touches = await import("@/lib/attribution/kept-touches");
    expect(touches.attributionForLead(true)).toEqual({
      first: { utm_source: "x".repeat(200), at: expect.any(String) },
    });
    storage.set("puente_attribution", "{not json");
    expect(touches.attributionForLead(true)).toEqual({});
    vi.stubGlobal("localStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    });
    visit("https://pagos.example/mx?utm_source=a");
    expect(() => touches.captureVisit(true)).not.toThrow();
    expect(touches.attributionForLead(true)).toEqual({});
  });
});
