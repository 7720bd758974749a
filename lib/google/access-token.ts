import { createSign } from "node:crypto";
import type { GoogleCredentials } from "./google-credentials";

/** The scope of the Data Manager API. */
export const DATA_MANAGER_SCOPE = "https://www.googleapis.com/auth/datamanager";
export const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const TOKEN_TIMEOUT_MS = 10_000;
/** A token is renewed this long before it expires, so no upload starts with one about to lapse. */
const EARLY_MS = 60_000;

/** The token endpoint refused the credentials (a revoked key, a wrong refresh token): the operator must act. */
export class TokenRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TokenRefusedError";
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString("base64url");

/**
 * OAuth access tokens for the Data Manager API, from GOOGLE_ADS_CREDENTIALS: a service account signs a JWT assertion
 * (RS256, RFC 7523, as Google documents for server-to-server calls) and trades it at the token endpoint; an OAuth
 * client trades its refresh token. The endpoint is GOOGLE_OAUTH_TOKEN_URL when set, else the key's token_uri, else
 * Google's; the assertion's audience is that same endpoint. A token is kept until a minute before it expires, and
 * concurrent uploads share one request for a new one.
 *
 * Written against node:crypto rather than google-auth-library: its service-account path (11.3.4) posts to a hard-coded
 * https://oauth2.googleapis.com/token and ignores the key's token_uri, so it could neither honour token_uri nor be
 * tested offline against a local token endpoint.
 */
export class GoogleAccessToken {
  private cached: { token: string; until: number } | undefined;
  private pending: Promise<string> | undefined;
  private readonly credentials: GoogleCredentials;
  private readonly tokenUrl: string;
  private readonly now: () => number;

  constructor(credentials: GoogleCredentials, tokenUrl?: string, now: () => number = Date.now) {
    this.credentials = credentials;
    this.tokenUrl = tokenUrl ?? credentials.tokenUri ?? GOOGLE_TOKEN_URL;
    this.now = now;
  }

  async get(): Promise<string> {
    if (this.cached && this.cached.until > this.now()) return this.cached.token;
    this.pending ??= this.fetchToken().finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Forgets the token (the API answered 401 with it). */
  invalidate(): void {
    this.cached = undefined;
  }

  private grant(): URLSearchParams {
    const c = this.credentials;
    if (c.type === "authorized_user")
      return new URLSearchParams({
        grant_type: "refresh_token",
        client_id: c.clientId,
        client_secret: c.clientSecret,
        refresh_token: c.refreshToken,
      });
    const issuedAt = Math.floor(this.now() / 1000);
    const header = base64url(
      JSON.stringify({ alg: "RS256", typ: "JWT", ...(c.privateKeyId && { kid: c.privateKeyId }) }),
    );
    const claims = base64url(
      JSON.stringify({
        iss: c.clientEmail,
        scope: DATA_MANAGER_SCOPE,
        aud: this.tokenUrl,
        iat: issuedAt,
        exp: issuedAt + 3600,
      }),
    );
    const signature = createSign("RSA-SHA256").update(`${header}.${claims}`).sign(c.privateKey);
    return new URLSearchParams({
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: `${header}.${claims}.${base64url(signature)}`,
    });
  }

  private async fetchToken(): Promise<string> {
    const response = await fetch(this.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: this.grant(),
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (!response.ok || typeof body.access_token !== "string") {
      const why = `the OAuth token endpoint answered ${response.status}${typeof body.error === "string" ? ` (${body.error}${typeof body.error_description === "string" ? `: ${body.error_description.slice(0, 200)}` : ""})` : ""}`;
      // 4xx is the credentials' fault (invalid_grant, invalid_client); 5xx and the rest are worth another try.
      throw response.status >= 400 && response.status < 500 ? new TokenRefusedError(why) : new Error(why);
    }
    const seconds = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 3600;
    this.cached = { token: body.access_token, until: this.now() + seconds * 1000 - EARLY_MS };
    return body.access_token;
  }
}
