import { describe, expect, it } from "vitest";
import { googleConsent } from "@/lib/google/data-manager";
import { googleUserData, normaliseGoogleEmail, normaliseGooglePhone } from "@/lib/google/user-data";

/**
 * Contact details as the Data Manager API's formatting guide (developers.google.com/data-manager/api/devguides/concepts/
 * formatting) shows them, with its own examples; the SHA-256 digests were computed with `printf %s … | sha256sum`.
 */
describe("Google's normalisation and hashing of a lead's contact details", () => {
  it("normalises emails as Google's examples do", () => {
    expect(normaliseGoogleEmail("cloudy.sanfrancisco+shopping@gmail.com")).toBe("cloudysanfrancisco@gmail.com");
    expect(normaliseGoogleEmail("user.name+NYC@Example.com")).toBe("user.name+nyc@example.com");
    expect(normaliseGoogleEmail("  Cloudy.SanFrancisco@GoogleMail.com ")).toBe("cloudysanfrancisco@googlemail.com");
    expect(normaliseGoogleEmail("ana perez@example.com")).toBe("anaperez@example.com");
  });

  it("writes phones in E.164 as Google's example does, and drops what is no number", () => {
    expect(normaliseGooglePhone("+1 (800)555-0100")).toBe("+18005550100");
    expect(normaliseGooglePhone("+52 55 1234 5678")).toBe("+525512345678");
    expect(normaliseGooglePhone("+12")).toBeNull();
    expect(normaliseGooglePhone("+0 800 555 0100")).toBeNull();
  });

  it("sends SHA-256 of the normalised values, hex-encoded, as userIdentifiers", () => {
    expect(googleUserData("Cloudy.SanFrancisco+shopping@gmail.com", "+1 (800)555-0100")).toEqual({
      userIdentifiers: [
        { emailAddress: "223ebda6f6889b1494551ba902d9d381daf2f642bae055888e96343d53e9f9c4" },
        { phoneNumber: "fb4f73a6ec5fdb7077d564cdd22c3554b43ce49168550c3b12c547b78c517b30" },
      ],
    });
    expect(googleUserData("user.name+NYC@Example.com", "12")).toEqual({
      userIdentifiers: [{ emailAddress: "f109a2a632fbcea5fc82049f50beed3d8621bf9034399f437fb622222acccdac" }],
    });
  });

  it("maps the lead's recorded consent to Google's two signals", () => {
    expect(googleConsent("granted")).toEqual({ adUserData: "CONSENT_GRANTED", adPersonalization: "CONSENT_GRANTED" });
    expect(googleConsent("not_asked")).toEqual({ adUserData: "CONSENT_GRANTED" });
    expect(googleConsent("denied")).toEqual({ adUserData: "CONSENT_DENIED", adPersonalization: "CONSENT_DENIED" });
    expect(googleConsent("unanswered")).toEqual({ adUserData: "CONSENT_DENIED", adPersonalization: "CONSENT_DENIED" });
  });
});
