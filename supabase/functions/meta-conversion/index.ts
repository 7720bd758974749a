// Supabase Edge Function: receives a stored lead from the site and sends it to Meta's Conversions API as a
// server event (deduplicated with the browser pixel through event_id).
import { buildLeadEvent, invalidLeadPayload, type LeadPayload } from "../_shared/meta-event.ts";

const GRAPH_API_VERSION = "v23.0";

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
  const response = await fetch(`https://graph.facebook.com/${GRAPH_API_VERSION}/${pixelId}/events?access_token=${encodeURIComponent(accessToken)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ data: [event], ...(testEventCode ? { test_event_code: testEventCode } : {}) }),
  });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) console.error("meta-conversion: Meta answered", response.status, answer);
  return json(response.ok ? 200 : 502, { ok: response.ok, meta: answer });
});
