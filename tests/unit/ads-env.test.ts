import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { googleAdsEnabled, productionRefusal, readServerEnv } from "@/lib/env/env";

const STRONG = "0123456789abcdef0123456789abcdef";
const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
export const SERVICE_ACCOUNT = JSON.stringify({
  type: "service_account",
  client_email: "uploader@project.iam.gserviceaccount.com",
  private_key: privateKey.export({ type: "pkcs8", format: "pem" }),
  token_uri: "https://oauth2.googleapis.com/token",
});
const GOOGLE = {
  GOOGLE_ADS_OPERATING_ACCOUNT: "123-456-7890",
  GOOGLE_ADS_CONVERSION_ACTIONS: "lead=111, qualified=222,customer=333",
  GOOGLE_ADS_CREDENTIALS: SERVICE_ACCOUNT,
};

describe("the ads and stages configuration", () => {
  it("reads Google Ads whole: the account without hyphens, an action per stage, Data Manager's default URL", () => {
    const env = readServerEnv({ ...GOOGLE });
    expect(googleAdsEnabled(env)).toBe(true);
    expect(env.GOOGLE_ADS_OPERATING_ACCOUNT).toBe("1234567890");
    expect(env.GOOGLE_ADS_CONVERSION_ACTIONS).toEqual({ lead: "111", qualified: "222", customer: "333" });
    expect(env.GOOGLE_DATA_MANAGER_URL).toBe("https://datamanager.googleapis.com");
    expect(googleAdsEnabled(readServerEnv({}))).toBe(false);
  });

  it("stops on half a Google configuration, naming the missing variable", () => {
    expect(() => readServerEnv({ GOOGLE_ADS_OPERATING_ACCOUNT: "1234567890" })).toThrow(
      /GOOGLE_ADS_CONVERSION_ACTIONS: is required when GOOGLE_ADS_OPERATING_ACCOUNT is set/,
    );
    expect(() => readServerEnv({ ...GOOGLE, GOOGLE_ADS_CREDENTIALS: "" })).toThrow(
      /GOOGLE_ADS_CREDENTIALS: is required/,
    );
    expect(() => readServerEnv({ GOOGLE_OAUTH_TOKEN_URL: "http://127.0.0.1:9/token" })).toThrow(
      /GOOGLE_ADS_OPERATING_ACCOUNT: is required when GOOGLE_OAUTH_TOKEN_URL is set/,
    );
    expect(() => readServerEnv({ ...GOOGLE, GOOGLE_ADS_OPERATING_ACCOUNT: "12345" })).toThrow(
      /GOOGLE_ADS_OPERATING_ACCOUNT: must be a 10-digit Google Ads customer id/,
    );
    expect(() => readServerEnv({ ...GOOGLE, GOOGLE_ADS_CONVERSION_ACTIONS: "won=1" })).toThrow(
      /GOOGLE_ADS_CONVERSION_ACTIONS: must be stage=conversion action id pairs/,
    );
    expect(() => readServerEnv({ ...GOOGLE, GOOGLE_ADS_CREDENTIALS: "{not json" })).toThrow(
      /GOOGLE_ADS_CREDENTIALS: must be the JSON of a service-account key/,
    );
    expect(() =>
      readServerEnv({ ...GOOGLE, GOOGLE_ADS_CREDENTIALS: JSON.stringify({ type: "authorized_user", client_id: "x" }) }),
    ).toThrow(/GOOGLE_ADS_CREDENTIALS: is an OAuth client without/);
  });

  it("never lets LEAD_STAGE_SECRET or LEAD_STAGE_TOKEN equal another secret", () => {
    expect(() =>
      readServerEnv({
        LEAD_STAGE_SECRET: STRONG,
        LEAD_WEBHOOK_SECRET: STRONG,
        LEAD_WEBHOOK_URL: "https://crm.example/hook",
      }),
    ).toThrow(/LEAD_STAGE_SECRET: equals LEAD_WEBHOOK_SECRET/);
    expect(() => readServerEnv({ LEAD_STAGE_SECRET: STRONG, LEAD_STAGE_TOKEN: STRONG })).toThrow(
      /LEAD_STAGE_SECRET: equals LEAD_STAGE_TOKEN/,
    );
  });

  it("refuses a production server a short stage secret, and stages or Google on Supabase without the secret key", () => {
    const base = { LEADS_STORE: "embedded", CONTACT_PROOF_SECRET: STRONG, CLIENT_IP_HEADER: "x-real-ip" };
    expect(productionRefusal(readServerEnv({ ...base, LEAD_STAGE_TOKEN: "short" }))).toMatch(
      /LEAD_STAGE_TOKEN is 5 characters, and a secret needs at least 32/,
    );
    const supabase = {
      CONTACT_PROOF_SECRET: STRONG,
      CLIENT_IP_HEADER: "x-real-ip",
      SUPABASE_URL: "https://xyz.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      CONVERSION_SIGNING_SECRET: `${STRONG}x`,
      COUNT_VISITS: "off",
    };
    expect(productionRefusal(readServerEnv(supabase))).toBeUndefined();
    expect(productionRefusal(readServerEnv({ ...supabase, LEAD_STAGE_SECRET: `${STRONG}-stage` }))).toMatch(
      /recording sales' stages .* needs SUPABASE_SECRET_KEY/,
    );
    expect(productionRefusal(readServerEnv({ ...supabase, ...GOOGLE }))).toMatch(
      /reporting conversions to Google Ads needs SUPABASE_SECRET_KEY/,
    );
  });
});
