import { afterEach, describe, expect, it, vi } from "vitest";
import { CONSENT_MAX_AGE_SECONDS, consentCookie, readConsent } from "@/lib/consent/consent-cookie";
import { trackingConsented } from "@/lib/consent/tracking-consent";

describe("the consent cookie", () => {
  it("round-trips a choice through a Cookie header among other cookies", () => {
    const granted = consentCookie("granted", true).split(";")[0];
    expect(readConsent(`_fbp=fb.1.1700000000000.123; ${granted}; theme=dark`)).toBe("granted");
    expect(readConsent(consentCookie("denied", false).split(";")[0])).toBe("denied");
  });

  it("lasts months, not forever, for the whole site", () => {
    const cookie = consentCookie("granted", true);
    expect(CONSENT_MAX_AGE_SECONDS).toBeGreaterThanOrEqual(60 * 60 * 24 * 28);
    expect(CONSENT_MAX_AGE_SECONDS).toBeLessThanOrEqual(60 * 60 * 24 * 390);
    expect(cookie).toContain(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`);
    expect(cookie).toContain("Path=/");
    expect(cookie).toContain("Secure");
    expect(consentCookie("granted", false)).not.toContain("Secure");
  });

  it("reads no choice from a missing header, another cookie or an unknown value", () => {
    expect(readConsent(null)).toBeNull();
    expect(readConsent("")).toBeNull();
    expect(readConsent("other_tracking_consent=granted")).toBeNull();
    expect(readConsent("tracking_consent=yes")).toBeNull();
  });
});

describe("trackingConsented (server conversion identifiers)", () => {
  it("allows identifiers only after an accept where the market asks first", () => {
    expect(trackingConsented("tracking_consent=granted; _fbp=x", true)).toBe(true);
    expect(trackingConsented("tracking_consent=denied; _fbp=x", true)).toBe(false);
    expect(trackingConsented("_fbp=x; _fbc=y", true)).toBe(false);
    expect(trackingConsented(null, true)).toBe(false);
  });

  it("allows them without a choice where the market does not ask first", () => {
    expect(trackingConsented(null, false)).toBe(true);
    expect(trackingConsented("_fbp=x", false)).toBe(true);
  });
});

describe("askConsentFor", () => {
  afterEach(() => {
    vi.doUnmock("@/lib/content/privacy-notice-source");
    vi.resetModules();
  });

  it("reads the market's setting from its notice, and asks when content cannot be read", async () => {
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
