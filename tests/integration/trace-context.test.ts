// Whose trace a request joins: a client's `traceparent` is taken (its trace id and its sampled flag) only when the
// operator says the proxy in front sets it.
import { context, propagation, ROOT_CONTEXT, trace } from "@opentelemetry/api";
import { afterEach, describe, expect, it } from "vitest";
import { readServerEnv } from "@/lib/env/env";
import { startTracing } from "@/lib/telemetry/start-tracing";

const CLIENT_TRACE = "0af7651916cd43dd8448eb211c80319c";
const UNSAMPLED = { traceparent: `00-${CLIENT_TRACE}-b7ad6b7169203331-00` };

/** The span a request carrying `headers` starts, as Next starts its own: under the context extracted from them. */
function requestSpan(headers: Record<string, string>) {
  const parent = propagation.extract(ROOT_CONTEXT, headers);
  const span = trace.getTracer("test").startSpan("GET /api/contact", {}, parent);
  const recording = span.isRecording();
  span.end();
  return { traceId: span.spanContext().traceId, recording };
}

afterEach(() => {
  trace.disable();
  propagation.disable();
  context.disable();
});

describe("an incoming traceparent", () => {
  it("is ignored by default: the request starts its own trace, and is recorded whatever flag the client sent", () => {
    startTracing(readServerEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" }));
    const span = requestSpan(UNSAMPLED);
    expect(span.traceId).not.toBe(CLIENT_TRACE);
    expect(span.recording).toBe(true);
  });

  it("is continued, flag included, when TRACEPARENT_FROM_PROXY=1 says the proxy sets it", () => {
    startTracing(readServerEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9", TRACEPARENT_FROM_PROXY: "1" }));
    expect(requestSpan(UNSAMPLED)).toEqual({ traceId: CLIENT_TRACE, recording: false });
    const sampled = { traceparent: `00-${CLIENT_TRACE}-b7ad6b7169203331-01` };
    expect(requestSpan(sampled)).toEqual({ traceId: CLIENT_TRACE, recording: true });
  });

  it("is still sent on to the services the site calls", () => {
    startTracing(readServerEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" }));
    const span = trace.getTracer("test").startSpan("conversion.report");
    const carrier: Record<string, string> = {};
    propagation.inject(trace.setSpan(ROOT_CONTEXT, span), carrier);
    span.end();
    expect(carrier.traceparent).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
  });
});
