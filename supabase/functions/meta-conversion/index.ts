// Supabase Edge Function: receives a stored lead from the site and sends it to Meta's Conversions API as a
// server event (deduplicated with the browser pixel through event_id).
import { buildLeadEvent, invalidLeadPayload, type LeadPayload } from "../_shared/meta-event.ts";

const GRAPH_API_VERSION = "v23.0";
const META_TIMEOUT_MS = 10_000;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

Deno.serve(async (request: Request) => {
  if (request.method !== "POST") return json(405, { error: "Only POST" });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json(400, { error: "Body must be JSON" });
  }
  const problem = invalidLeadPayload(body);
  if (problem) return json(400, { error: problem });

  const pixelId = Deno.env.get("META_PIXEL_ID");
  const accessToken = Deno.env.get("META_ACCESS_TOKEN");
  if (!pixelId || !accessToken) {
    console.error("meta-conversion: META_PIXEL_ID and META_ACCESS_TOKEN must be set");
    return json(500, { error: "Function not configured" });
  }

  const event = await buildLeadEvent(body as LeadPayload, new Date(), request.headers.get("referer") ?? undefined);
  const testEventCode = Deno.env.get("META_TEST_EVENT_CODE");
  let response: Response;
  try {
    response = await fetch(`https://graph.facebook.com/${GRAPH_API_VERSION}/${pixelId}/events?access_token=${encodeURIComponent(accessToken)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ data: [event], ...(testEventCode ? { test_event_code: testEventCode } : {}) }),
      signal: AbortSignal.timeout(META_TIMEOUT_MS),
    });
  } catch (error) {
    console.error("meta-conversion: Meta unreachable:", error instanceof Error ? error.message : error);
    return json(502, { error: "Meta unreachable" });
  }
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) console.error("meta-conversion: Meta answered", response.status, answer);
  // Meta's own status, so the caller's logs show whether the event was accepted (a body needs a non-204 status).
  return json(response.status === 204 || response.status === 205 ? 200 : response.status, { ok: response.ok, meta: answer });
});
