// A local OpenTelemetry collector's trace endpoint: POST /v1/traces with OTLP/HTTP JSON, as the site's exporter sends
// it. Keeps every span it receives, flattened, so a test can rebuild a trace tree.
import { createServer, type Server } from "node:http";

type AnyValue = { stringValue?: string; intValue?: number | string; boolValue?: boolean; doubleValue?: number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: AnyValue }[];
  status?: { code?: number; message?: string };
};
type OtlpBody = {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: AnyValue }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
};

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  attributes: Record<string, string | number | boolean | undefined>;
  /** 2 is ERROR in OTLP's status codes. */
  statusCode: number;
  serviceName: string | undefined;
};

export type OtlpReceiver = { url: string; spans: ReceivedSpan[]; close(): Promise<void> };

const value = (v: AnyValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.boolValue ?? v.doubleValue;
const attributes = (list: { key: string; value: AnyValue }[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, value(a.value)]));

/** Listens on a free loopback port; `url` is what OTEL_EXPORTER_OTLP_ENDPOINT takes (the exporter adds /v1/traces). */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (
      req.method !== "POST" ||
      req.url !== "/v1/traces" ||
      !String(req.headers["content-type"]).startsWith("application/json")
    ) {
      res.writeHead(415).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpBody;
    for (const resourceSpans of body.resourceSpans ?? []) {
      const serviceName = attributes(resourceSpans.resource?.attributes)["service.name"] as string | undefined;
      for (const scope of resourceSpans.scopeSpans ?? []) {
        for (const span of scope.spans ?? []) {
          spans.push({
            traceId: span.traceId,
            spanId: span.spanId,
            parentSpanId: span.parentSpanId || undefined,
            name: span.name,
            attributes: attributes(span.attributes),
            statusCode: span.status?.code ?? 0,
            serviceName,
          });
        }
      }
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
