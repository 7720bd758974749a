import "server-only";
import { requestIdHeader } from "../env/env";
import { serverEnv } from "../env/server-env";
import { log } from "../logging/logger";
import { currentRequest, requestId, withRequestContext } from "../logging/request-context";
import { inSpan, markActiveSpanFailed } from "./spans";

/**
 * Serves a route's request inside its context and span: every line logged meanwhile (and in the work it schedules
 * with `after()`) carries the request id — the platform's (REQUEST_ID_HEADER) or a new one — plus the market and lead
 * id once the handler tags them; the span `name` parents the handler's own spans. The answer carries the id in
 * `x-request-id`, and one `request.completed` line records its status and duration.
 */
export function observedRequest(request: Request, name: string, handle: () => Promise<Response>): Promise<Response> {
  const id = requestId(request.headers, requestIdHeader(serverEnv()));
  const started = performance.now();
  const path = new URL(request.url).pathname;
  return withRequestContext({ requestId: id }, () =>
    inSpan(name, { "http.request.method": request.method, "url.path": path, "request.id": id }, async (span) => {
      const response = await handle();
      const { market, leadId } = currentRequest() ?? {};
      span.setAttributes({
        "http.response.status_code": response.status,
        ...(market && { market }),
        ...(leadId && { "lead.id": leadId }),
      });
      if (response.status >= 500) markActiveSpanFailed(`answered ${response.status}`);
      response.headers.set("x-request-id", id);
      const durationMs = Math.round(performance.now() - started);
      log.info("request.completed", `${request.method} ${path} answered ${response.status}`, {
        method: request.method,
        path,
        status: response.status,
        durationMs,
      });
      return response;
    }),
  );
}
