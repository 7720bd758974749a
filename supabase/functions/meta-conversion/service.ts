// What the meta-conversion function's handlers share: its configuration, the service role's PostgREST calls, and the
// call to Meta's Conversions API.
import { DATABASE_TIMEOUT_MS, META_TIMEOUT_MS } from "../_shared/deadlines.ts";
import { MIN_SECRET_LENGTH } from "../_shared/signed-request.ts";

export const GRAPH_API_VERSION = "v23.0";
/** A real body is well under 1 KB. */
export const MAX_BODY_BYTES = 4 * 1024;

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

export type Config = {
  pixelId: string;
  accessToken: string;
  testEventCode?: string;
  graphUrl: string;
  supabaseUrl: string;
  serviceRoleKey: string;
  signingSecret: string;
};

export function config(): Config | null {
  const pixelId = Deno.env.get("META_PIXEL_ID");
  const accessToken = Deno.env.get("META_ACCESS_TOKEN");
  const supabaseUrl = Deno.env.get("SUPABASE_URL");
  const serviceRoleKey = Deno.env.get("SUPABASE_SERVICE_ROLE_KEY");
  const signingSecret = Deno.env.get("CONVERSION_SIGNING_SECRET");
  if (
    !pixelId ||
    !accessToken ||
    !supabaseUrl ||
    !serviceRoleKey ||
    !signingSecret ||
    signingSecret.length < MIN_SECRET_LENGTH
  )
    return null;
  const graphUrl = (Deno.env.get("META_GRAPH_URL") || "https://graph.facebook.com").replace(/\/+$/, "");
  return {
    pixelId,
    accessToken,
    testEventCode: Deno.env.get("META_TEST_EVENT_CODE") || undefined,
    graphUrl,
    supabaseUrl,
    serviceRoleKey,
    signingSecret,
  };
}

/** One PostgREST call as the service role: `path` below /rest/v1/. */
export function postgrest(
  cfg: Config,
  path: string,
  init: { method: string; body?: unknown; prefer?: string },
): Promise<Response> {
  return fetch(`${cfg.supabaseUrl}/rest/v1/${path}`, {
    method: init.method,
    headers: {
      apikey: cfg.serviceRoleKey,
      authorization: `Bearer ${cfg.serviceRoleKey}`,
      accept: "application/json",
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.prefer ? { prefer: init.prefer } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
    signal: AbortSignal.timeout(DATABASE_TIMEOUT_MS),
  });
}

/**
 * Posts events to the pixel's dataset: null when Meta took them, else why not, and whether Meta refused them for good
 * (a 4xx: the event itself) or may take them later (5xx, no answer). The token goes in the body, never the URL, where
 * proxies and logs would keep it. Meta's error names the problem (code, message, fbtrace_id) and never echoes the data.
 */
export async function sendToMeta(
  cfg: Config,
  events: unknown[],
): Promise<{ failure: string; permanent: boolean } | null> {
  try {
    const response = await fetch(`${cfg.graphUrl}/${GRAPH_API_VERSION}/${encodeURIComponent(cfg.pixelId)}/events`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        data: events,
        access_token: cfg.accessToken,
        ...(cfg.testEventCode ? { test_event_code: cfg.testEventCode } : {}),
      }),
      signal: AbortSignal.timeout(META_TIMEOUT_MS),
    });
    if (response.ok) {
      await response.body?.cancel();
      return null;
    }
    const answer = (await response.json().catch(() => ({}))) as {
      error?: { message?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
    };
    const e = answer.error ?? {};
    return {
      failure: `Meta answered ${response.status} (code ${e.code ?? "?"}${e.error_subcode ? `/${e.error_subcode}` : ""}: ${e.message ?? "no message"}; fbtrace_id ${e.fbtrace_id ?? "?"})`,
      permanent: response.status >= 400 && response.status < 500 && response.status !== 429,
    };
  } catch (error) {
    return {
      failure: `Meta unreachable (${error instanceof Error ? `${error.name}: ${error.message}` : String(error)})`,
      permanent: false,
    };
  }
}
