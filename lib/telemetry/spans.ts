import { SpanStatusCode, trace, type Attributes, type Span } from "@opentelemetry/api";

// Through the OpenTelemetry API only: until instrumentation.ts registers the SDK (when an OTLP endpoint is set) every
// span here is the API's no-op, so untraced servers pay a function call, not a recording.
const tracer = trace.getTracer("puente-pagos-site");

/**
 * Runs `fn` in a span named `name`, a child of the active one (the contact route's, in work the route started, and in
 * its `after()` callbacks). An exception marks the span as failed and is rethrown; `fn` may set attributes and
 * status on the span it gets, e.g. an outcome.
 */
export function inSpan<T>(name: string, attributes: Attributes, fn: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      span.recordException(error instanceof Error ? { name: error.name, message: error.message } : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks the active span failed without an exception: a failure the code handled, such as a conversion Meta refused. */
export function markActiveSpanFailed(message: string): void {
  trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR, message });
}
