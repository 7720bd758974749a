import { context, propagation, trace, type Context, type TextMapPropagator } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import type { ServerEnv } from "../env/env";

/**
 * Registers the OpenTelemetry trace SDK for this process: spans (Next's own for each request, and the site's, see
 * spans.ts) are batched and sent over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` appended) or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, with OTEL_EXPORTER_OTLP_HEADERS (a vendor's API key) — the exporter reads the
 * standard variables itself. An incoming `traceparent` is continued only when TRACEPARENT_FROM_PROXY says the proxy
 * sets it; calls the site makes carry its own either way. Loaded by instrumentation.ts only when an endpoint is set.
 */
export function startTracing(env: ServerEnv): void {
  const resource = resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME }).merge(
    detectResources({ detectors: [envDetector] }),
  );
  // Sent each second rather than the SDK's 5 s: a stopping server (Next exits once its requests are answered) loses
  // at most the last second of spans.
  const batches = new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: 1000 });
  const provider = new TracerProvider({ resource, spanProcessors: [batches] });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const w3c = new W3CTraceContextPropagator();
  propagation.setGlobalPropagator(env.TRACEPARENT_FROM_PROXY ? w3c : sendOnly(w3c));
  trace.setGlobalTracerProvider(provider);
}

/** Injects into outgoing calls, and reads nothing from a request: its trace id and sampled flag are the client's. */
function sendOnly(propagator: TextMapPropagator): TextMapPropagator {
  return {
    inject: (ctx, carrier, setter) => propagator.inject(ctx, carrier, setter),
    extract: (ctx: Context) => ctx,
    fields: () => propagator.fields(),
  };
}
