import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace";

/** Records the spans this process ends until `stop()`, as a registered SDK would export them. */
export function recordSpans(): { ended(): ReadableSpan[]; stop(): void } {
  const exporter = new InMemorySpanExporter();
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  trace.setGlobalTracerProvider(new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }));
  return {
    ended: () => exporter.getFinishedSpans(),
    stop: () => {
      trace.disable();
      context.disable();
    },
  };
}
