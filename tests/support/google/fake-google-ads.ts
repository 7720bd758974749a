// A local stand-in for Google's OAuth token endpoint and the Data Manager API, speaking their documented shapes:
// POST /token (RFC 7523 jwt-bearer with an RS256 assertion, or a refresh_token grant) answering
// `{access_token, expires_in, token_type}` or `{error, error_description}`; POST /v1/events:ingest answering
// `{requestId}` or Google's error model `{error: {code, message, status, details}}`; GET /v1/requestStatus:retrieve
// answering `{requestStatusPerDestination: [{destination, requestStatus, errorInfo}]}`. It checks what Google checks
// before accepting a request (a valid token, the required fields, `encoding` beside user data), so a payload the real
// API would refuse fails here too, and records every call as received.
import { createPublicKey, createVerify, randomUUID, type KeyObject } from "node:crypto";
import { createServer, type Server } from "node:http";
import { readRequestText } from "../servers/request-body.ts";

export type GoogleCall = { method: string; path: string; search: string; authorization?: string; body: unknown };

export type RequestStatus = {
  requestStatus: "SUCCESS" | "PROCESSING" | "FAILED" | "PARTIAL_SUCCESS";
  errorInfo?: { errorCounts: { reason: string; recordCount: string }[] };
};

/** A programmed answer to the next ingest: a status with Google's error body, and headers. */
export type IngestFault = { status: number; reason?: string; message?: string; headers?: Record<string, string> };

export type FakeGoogleAds = {
  url: string;
  tokenUrl: string;
  calls: GoogleCall[];
  ingests(): { authorization?: string; body: IngestBody }[];
  tokenRequests(): URLSearchParams[];
  /** The answers the next ingests get, in order; then 200. */
  faults: IngestFault[];
  /** What requestStatus:retrieve answers for a request id (default SUCCESS). */
  statuses: Map<string, RequestStatus>;
  /** Revokes every access token issued so far: the next API call with one gets 401. */
  revokeTokens(): void;
  /** Makes the token endpoint refuse every grant (invalid_grant), or accept again. */
  refuseGrants(refuse: boolean): void;
  close(): Promise<void>;
};

export type IngestBody = {
  destinations: {
    operatingAccount: { accountType: string; accountId: string };
    loginAccount?: { accountType: string; accountId: string };
    productDestinationId: string;
  }[];
  events: {
    transactionId: string;
    eventTimestamp: string;
    adIdentifiers?: { gclid?: string; gbraid?: string; wbraid?: string };
    userData?: { userIdentifiers: { emailAddress?: string; phoneNumber?: string }[] };
    consent?: { adUserData?: string; adPersonalization?: string };
    conversionValue?: number;
    currency?: string;
  }[];
  encoding?: string;
  validateOnly?: boolean;
};

const googleError = (code: number, status: string, message: string, reason?: string) => ({
  error: {
    code,
    message,
    status,
    ...(reason && {
      details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "datamanager.googleapis.com" }],
    }),
  },
});

const STATUS_NAMES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

/**
 * `serviceAccount`: the client_email and public key of the key the site signs its assertions with; `oauthClient`: the
 * client id, secret and refresh token the stand-in accepts.
 */
export async function startFakeGoogleAds(accepts: {
  serviceAccount?: { clientEmail: string; publicKey: string | KeyObject };
  oauthClient?: { clientId: string; clientSecret: string; refreshToken: string };
}): Promise<FakeGoogleAds> {
  const calls: GoogleCall[] = [];
  const faults: IngestFault[] = [];
  const statuses = new Map<string, RequestStatus>();
  let valid = new Set<string>();
  let refusing = false;
  let url = "";
  const key = accepts.serviceAccount?.publicKey;
  const publicKey = key && (typeof key === "string" ? createPublicKey(key) : key);

  const checkAssertion = (assertion: string): string | undefined => {
    const [header, claims, signature] = assertion.split(".");
    if (!header || !claims || !signature || !publicKey || !accepts.serviceAccount) return "malformed assertion";
    const verified = createVerify("RSA-SHA256")
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature, "base64url"));
    if (!verified) return "Invalid JWT Signature.";
    const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string };
    const c = JSON.parse(Buffer.from(claims, "base64url").toString()) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    if (head.alg !== "RS256") return "Invalid JWT: alg";
    if (c.iss !== accepts.serviceAccount.clientEmail) return "Invalid JWT: iss";
    if (c.aud !== `${url}/token`) return "Invalid JWT: Token must be a short-lived token and in a reasonable timeframe";
    if (c.scope !== "https://www.googleapis.com/auth/datamanager") return "Invalid JWT: scope";
    if (typeof c.iat !== "number" || typeof c.exp !== "number" || c.exp <= now || c.exp - c.iat > 3600)
      return "Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe.";
    return undefined;
  };

  const server: Server = createServer(async (req, res) => {
    const text = await readRequestText(req);
    const target = new URL(req.url ?? "/", "http://localhost");
    let body: unknown = text;
    if ((req.headers["content-type"] ?? "").includes("json"))
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text: the test sees what arrived
      }
    const authorization = req.headers.authorization;
    calls.push({ method: req.method ?? "", path: target.pathname, search: target.search, authorization, body });
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(payload));
    };

    if (req.method === "POST" && target.pathname === "/token") {
      const form = new URLSearchParams(text);
      if (refusing)
        return send(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." });
      let problem: string | undefined;
      if (form.get("grant_type") === "urn:ietf:params:oauth:grant-type:jwt-bearer")
        problem = checkAssertion(form.get("assertion") ?? "");
      else if (form.get("grant_type") === "refresh_token") {
        const c = accepts.oauthClient;
        if (!c || form.get("client_id") !== c.clientId || form.get("client_secret") !== c.clientSecret)
          return send(401, { error: "invalid_client", error_description: "The OAuth client was not found." });
        if (form.get("refresh_token") !== c.refreshToken) problem = "Bad Request";
      } else return send(400, { error: "unsupported_grant_type", error_description: "Invalid grant_type." });
      if (problem) return send(400, { error: "invalid_grant", error_description: problem });
      const token = `ya29.${randomUUID()}`;
      valid.add(token);
      return send(200, { access_token: token, expires_in: 3599, token_type: "Bearer" });
    }

    const bearer = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
    if (!bearer || !valid.has(bearer))
      return send(
        401,
        googleError(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.", "ACCESS_TOKEN_EXPIRED"),
      );

    if (req.method === "POST" && target.pathname === "/v1/events:ingest") {
      const fault = faults.shift();
      if (fault)
        return send(
          fault.status,
          googleError(
            fault.status,
            STATUS_NAMES[fault.status] ?? "UNKNOWN",
            fault.message ?? "The service is currently unavailable.",
            fault.reason,
          ),
          fault.headers,
        );
      const problem = ingestProblem(body);
      if (problem) return send(400, googleError(400, "INVALID_ARGUMENT", problem, "INVALID_ARGUMENT"));
      return send(200, { requestId: randomUUID() });
    }

    if (req.method === "GET" && target.pathname === "/v1/requestStatus:retrieve") {
      const id = target.searchParams.get("requestId");
      const ingested = calls.some((call) => call.path === "/v1/events:ingest") && id;
      if (!ingested) return send(400, googleError(400, "INVALID_ARGUMENT", "Invalid request id.", "INVALID_ARGUMENT"));
      const status = statuses.get(id) ?? { requestStatus: "SUCCESS" };
      return send(200, { requestStatusPerDestination: [{ ...status }] });
    }
    return send(404, googleError(404, "NOT_FOUND", "Not found"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    tokenUrl: `${url}/token`,
    calls,
    faults,
    statuses,
    ingests: () =>
      calls
        .filter((call) => call.path === "/v1/events:ingest")
        .map((call) => ({ authorization: call.authorization, body: call.body as IngestBody })),
    tokenRequests: () =>
      calls.filter((call) => call.path === "/token").map((call) => new URLSearchParams(call.body as string)),
    revokeTokens: () => (valid = new Set()),
    refuseGrants: (refuse) => (refusing = refuse),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What the API refuses outright (its fast-fail checks): the fields the reference marks required. */
function ingestProblem(value: unknown): string | undefined {
  const body = value as Partial<IngestBody> | null;
  if (!body || typeof body !== "object") return "Invalid JSON payload.";
  if (!Array.isArray(body.destinations) || body.destinations.length === 0) return "destinations is required.";
  for (const d of body.destinations) {
    if (!d.operatingAccount?.accountId || d.operatingAccount.accountType !== "GOOGLE_ADS")
      return "destinations.operating_account is invalid.";
    if (!d.productDestinationId) return "destinations.product_destination_id is required.";
  }
  if (!Array.isArray(body.events) || body.events.length === 0 || body.events.length > 2000)
    return "events must hold 1 to 2000 events.";
  for (const e of body.events) {
    if (!e.transactionId) return "events.transaction_id is required.";
    if (!e.eventTimestamp || Number.isNaN(Date.parse(e.eventTimestamp))) return "events.event_timestamp is invalid.";
    if (e.userData && !["HEX", "BASE64"].includes(body.encoding ?? "")) return "encoding is required with user data.";
    if (e.conversionValue !== undefined && !e.currency) return "events.currency is required with a value.";
  }
  return undefined;
}
