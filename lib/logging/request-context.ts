import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

/** What every log line written while serving one request carries. */
export type RequestContext = { requestId: string; market?: string; leadId?: string };

// One store per process, whichever bundle imports this module (the route's, instrumentation's, the cache handler's):
// kept on globalThis so a line logged from any of them sees the same request.
const holder = globalThis as typeof globalThis & { [key: symbol]: AsyncLocalStorage<RequestContext> | undefined };
const KEY = Symbol.for("puente.requestContext");
const storage = (holder[KEY] ??= new AsyncLocalStorage<RequestContext>());

/**
 * Runs `fn` with a request context. Everything it starts sees it: awaited work, and work scheduled with Next's
 * `after()`, which runs its callback in the context it was scheduled from.
 */
export function withRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The context of the request being served, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** Adds what is learned while serving (the market, the lead id) to the request's context: later lines carry it. */
export function tagRequest(fields: Pick<RequestContext, "market" | "leadId">): void {
  const context = storage.getStore();
  if (context) Object.assign(context, fields);
}

/** Printable, bounded: a platform's id (Vercel's `iad1::…`, AWS's `Root=1-…`, a UUID), never a way to smuggle text. */
const REQUEST_ID = /^[\w.:;=/+@-]{1,200}$/;

/** The platform's request id from `header` when it is present and well-formed, else a new UUID. */
export function requestId(headers: Headers, header: string | undefined): string {
  const given = header ? headers.get(header)?.trim() : undefined;
  return given && REQUEST_ID.test(given) ? given : randomUUID();
}
