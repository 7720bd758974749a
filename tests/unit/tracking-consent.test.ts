import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CONSENT_MAX_AGE_SECONDS,
  consentCookie,
  consentCookieName,
  noticeVersion,
  readConsent,
} from "@/lib/consent/consent-cookie";
import { asksConsent, consentState, reportsConversions } from "@/lib/consent/tracking-consent";

const V1 = "2026-11-23";
const V2 = "2027-02-01";

describe("the consent cookie", () => {
  it("records an answer per market and per notice version, and reads it back among other cookies", () => {
    const granted = consentCookie("br", "granted", V1, true).split(";")[0];
    expect(granted).toBe(`tracking_consent_br=granted.${V1}`);
    expect(readConsent(`_fbp=fb.1.1700000000000.123; ${granted}; theme=dark`, "br", V1)).toBe("granted");
    expect(readConsent(consentCookie("mx", "denied", V1, false).split(";")[0], "mx", V1)).toBe("denied");
  });

  it("an answer on one market says nothing about another, and an answer to an earlier notice is no answer", () => {
    const mx = consentCookie("mx", "granted", V1, true).split(";")[0];
    expect(readConsent(mx, "br", V1)).toBeNull();
    expect(readConsent(mx, "ar", V1)).toBeNull();
    expect(readConsent(mx, "mx", V2)).toBeNull();
  });

  it("is site-wide, six months long, SameSite=Lax, and Secure on https", () => {
    const cookie = consentCookie("ar", "granted", V1, true);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`);
    expect(CONSENT_MAX_AGE_SECONDS / 86_400).toBeGreaterThan(170);
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Secure");
    expect(consentCookie("ar", "granted", V1, false)).not.toContain("Secure");
  });

  it("ignores missing, foreign, unversioned and unknown values, including the old site-wide cookie", () => {
    expect(readConsent(null, "mx", V1)).toBeNull();
    expect(readConsent("", "mx", V1)).toBeNull();
    expect(readConsent("tracking_consent=granted", "mx", V1)).toBeNull();
    expect(readConsent(`other_${consentCookieName("mx")}=granted.${V1}`, "mx", V1)).toBeNull();
    expect(readConsent(`${consentCookieName("mx")}=granted`, "mx", V1)).toBeNull();
    expect(readConsent(`${consentCookieName("mx")}=yes.${V1}`, "mx", V1)).toBeNull();
  });

  it("takes a notice version only as a real date", () => {
    expect(noticeVersion(V1)).toBe(V1);
    for (const bad of ["2026-13-45", "23/11/2026", "2026-11-23T00:00", "", 20261123, null, undefined, { v: V1 }])
      expect(noticeVersion(bad), String(bad)).toBeNull();
  });
});

describe("consentState (what a lead records and the conversion carries)", () => {
  it("is the visitor's answer to the notice they were shown, where the market asks", () => {
    const cookie = `_fbp=x; ${consentCookie("mx", "granted", V1, true).split(";")[0]}; ${consentCookie("br", "denied", V1, true).split(";")[0]}`;
    expect(consentState(cookie, "mx", V1, true)).toBe("granted");
    expect(consentState(cookie, "br", V1, true)).toBe("denied");
    expect(consentState(cookie, "ar", V1, true)).toBe("unanswered");
    // Shown a newer notice than the one answered, or no version at all: no answer.
    expect(consentState(cookie, "mx", V2, true)).toBe("unanswered");
    expect(consentState(cookie, "mx", null, true)).toBe("unanswered");
    expect(consentState(null, "mx", V1, true)).toBe("unanswered");
  });

  it("is not_asked where the market does not ask first, whatever the cookies say", () => {
    expect(consentState(null, "mx", null, false)).toBe("not_asked");
    expect(consentState(consentCookie("mx", "denied", V1, true), "mx", V1, false)).toBe("not_asked");
  });
});

describe("asksConsent (whether the banner shows and the route asks: one rule)", () => {
  const PIXEL = "1234567890";

  it("asks where the market asks first and a conversion can be reported, from the browser or from the server", () => {
    // Leads in Supabase (or development's local sink): the server reports every lead, pixel or not.
    expect(asksConsent(true, {})).toBe(true);
    expect(asksConsent(true, { NEXT_PUBLIC_META_PIXEL_ID: PIXEL })).toBe(true);
    // Leads kept on this server's disk report nothing from the server: only a pixel makes a conversion possible.
    expect(asksConsent(true, { LEADS_STORE: "embedded", NEXT_PUBLIC_META_PIXEL_ID: PIXEL })).toBe(true);
    expect(asksConsent(true, { LEADS_STORE: "embedded" })).toBe(false);
    expect(reportsConversions({ LEADS_STORE: "embedded" })).toBe(false);
  });

  it("asks on every store, the embedded one included, once Google Ads is configured", () => {
    const google = {
      GOOGLE_ADS_OPERATING_ACCOUNT: "1234567890",
      GOOGLE_ADS_CONVERSION_ACTIONS: { lead: "111" },
      GOOGLE_ADS_CREDENTIALS: "{}",
    };
    expect(asksConsent(true, { LEADS_STORE: "embedded", ...google })).toBe(true);
    expect(asksConsent(true, { LEADS_STORE: "embedded", ...google, GOOGLE_ADS_CREDENTIALS: undefined })).toBe(false);
    expect(asksConsent(false, { LEADS_STORE: "embedded", ...google })).toBe(false);
  });

  it("never asks where the market does not ask first", () => {
    expect(asksConsent(false, {})).toBe(false);
    expect(asksConsent(false, { NEXT_PUBLIC_META_PIXEL_ID: PIXEL })).toBe(false);
  });
});

describe("askConsentFor", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.doUnmock("@/lib/content/privacy-notice-source");
    vi.resetModules();
  });

  it("reads the market's setting from its notice, and asks when content cannot be read", async () => {
    vi.stubEnv("LEADS_STORE", "");
    vi.resetModules();
    vi.doMock("@/lib/content/privacy-notice-source", () => ({
      getPrivacyNotice: async (market: string) => {
        if (market === "ar") throw new Error("content down");
        return { askConsent: market !== "br" };
      },
    }));
    const { askConsentFor } = await import("@/lib/consent/tracking-consent");
    expect(await askConsentFor("mx")).toBe(true);
    expect(await askConsentFor("br")).toBe(false);
    expect(await askConsentFor("ar")).toBe(true);
  });
});
