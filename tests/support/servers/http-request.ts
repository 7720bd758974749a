// The part of Playwright's APIRequestContext the server tests (Vitest) use, on fetch, so a test reads the same in
// both runners: paths resolve against the server's origin; `data` is sent as is when a string, else as JSON.
export type HttpResponse = {
  status(): number;
  /** Lower-case names; several Set-Cookie headers joined by newlines, as Playwright gives them. */
  headers(): Record<string, string>;
  text(): Promise<string>;
  // As Playwright's: whatever the body holds.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json(): Promise<any>;
  body(): Promise<Buffer>;
};

export type HttpOptions = { data?: unknown; headers?: Record<string, string>; maxRedirects?: number };

export type HttpRequest = {
  get(path: string, options?: HttpOptions): Promise<HttpResponse>;
  post(path: string, options?: HttpOptions): Promise<HttpResponse>;
};

export function httpRequest(origin: string): HttpRequest {
  async function send(method: string, path: string, { data, headers = {}, maxRedirects }: HttpOptions = {}) {
    const raw = typeof data === "string";
    const sent = { ...headers };
    if (data !== undefined && !raw && !Object.keys(sent).some((h) => h.toLowerCase() === "content-type"))
      sent["content-type"] = "application/json";
    const response = await fetch(new URL(path, origin), {
      method,
      headers: sent,
      body: data === undefined ? undefined : raw ? data : JSON.stringify(data),
      redirect: maxRedirects === 0 ? "manual" : "follow",
    });
    const body = Buffer.from(await response.arrayBuffer());
    const received = Object.fromEntries(response.headers);
    const cookies = response.headers.getSetCookie();
    if (cookies.length) received["set-cookie"] = cookies.join("\n");
    return {
      status: () => response.status,
      headers: () => received,
      text: async () => body.toString("utf8"),
      json: async () => JSON.parse(body.toString("utf8")),
      body: async () => body,
    };
  }
  return { get: (path, options) => send("GET", path, options), post: (path, options) => send("POST", path, options) };
}
