// @vitest-environment happy-dom
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HEAD_SCRIPT, PAGE_SCRIPT } from "@/lib/page-scripts/page-scripts.generated";
import { consentCookie } from "@/lib/consent/consent-cookie";
import { MARKETS, type Market } from "@/lib/markets/markets";

const NOTICE = "2025-01-15";
/** happy-dom's own controls of the window it runs the test in. */
const browser = () => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
const kept = () => JSON.parse(localStorage.getItem("puente_attribution") ?? "{}") as Record<string, unknown>;

/** Loads `url` as the page would, its inline page script running as the parser reaches it; nothing else runs. */
function visit(url: string, { market = "mx" as Market, ask = true, referrer = "" } = {}) {
  browser().setURL(url);
  Object.defineProperty(document, "referrer", { value: referrer, configurable: true });
  const script = document.createElement("script");
  Object.assign(script.dataset, { market, consentVersion: NOTICE, consentAsk: String(ask) });
  Object.defineProperty(document, "currentScript", { value: script, configurable: true });
  new Function(PAGE_SCRIPT)();
}

beforeEach(() => {
  localStorage.clear();
  for (const market of MARKETS) document.cookie = `tracking_consent_${market}=; Max-Age=0; Path=/`;
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-03-02T10:00:00Z") });
});
afterEach(() => vi.useRealTimers());

describe("the page's inline script: the campaign touch", () => {
  it("keeps a campaign visit by itself, without the page's bundle: campaign parameters, landing page, referrer", () => {
    visit("https://site.example/mx?utm_source=newsletter&utm_medium=email&utm_campaign=n&mc_eid=8a1f&gclid=Cj0x", {
      referrer: "https://mail.example/inbox?id=7",
    });
    const touch = {
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "n",
      landing_url: "https://site.example/mx?utm_source=newsletter&utm_medium=email&utm_campaign=n",
      referrer: "https://mail.example/inbox",
      at: "2026-03-02T10:00:00.000Z",
    };
    // Mexico asks first and the visitor has not answered: no click id.
    expect(kept()).toEqual({ first: touch, last: touch });
  });

  it("keeps click ids where the market does not ask, or where the visitor accepted this notice", () => {
    visit("https://site.example/br?utm_source=google&gclid=Cj0br", { market: "br", ask: false });
    expect(kept()).toMatchObject({ last: { gclid: "Cj0br" } });
    localStorage.clear();
    document.cookie = consentCookie("mx", "granted", NOTICE, false);
    visit("https://site.example/mx?utm_source=meta&fbclid=IwAR1");
    expect(kept()).toMatchObject({ last: { fbclid: "IwAR1" } });
    localStorage.clear();
    // An answer to an older notice is no answer to this one.
    document.cookie = consentCookie("mx", "granted", "2024-01-01", false);
    document.cookie = consentCookie("mx", "denied", NOTICE, false);
    visit("https://site.example/mx?utm_source=meta&fbclid=IwAR2");
    expect(kept()).toMatchObject({ last: { utm_source: "meta" } });
    expect(kept().last).not.toHaveProperty("fbclid");
  });

  it("a newsletter visit, then a Google ad a day later: the newsletter stays the first touch", () => {
    visit("https://site.example/mx?utm_source=newsletter&utm_campaign=n", { referrer: "https://mail.example/" });
    vi.setSystemTime(new Date("2026-03-03T10:00:00Z"));
    visit("https://site.example/br?utm_source=google&utm_medium=cpc&utm_campaign=g", {
      referrer: "https://www.google.com/",
    });
    expect(kept()).toMatchObject({
      first: { utm_source: "newsletter", utm_campaign: "n", at: "2026-03-02T10:00:00.000Z" },
      last: { utm_source: "google", utm_campaign: "g", at: "2026-03-03T10:00:00.000Z" },
    });
    // A direct visit afterwards changes nothing.
    visit("https://site.example/mx");
    expect(kept()).toMatchObject({ last: { utm_source: "google" } });
  });

  it("leaves a page without its data attributes alone, and never throws into the page", () => {
    browser().setURL("https://site.example/mx?utm_source=x");
    Object.defineProperty(document, "currentScript", { value: null, configurable: true });
    expect(() => new Function(PAGE_SCRIPT)()).not.toThrow();
    expect(kept()).toEqual({});
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError");
    });
    expect(() => visit("https://site.example/mx?utm_source=x")).not.toThrow();
  });

  it("accepting measurement later, in the page's bundle, completes the touch the inline script kept", async () => {
    visit("https://site.example/mx?utm_source=meta&utm_campaign=c&fbclid=IwAR-c");
    expect(kept().last).not.toHaveProperty("fbclid");
    vi.resetModules();
    const { keepClickIdsOfThisVisit } = await import("@/lib/attribution/kept-touches");
    keepClickIdsOfThisVisit();
    expect(kept()).toMatchObject({
      first: { utm_campaign: "c", fbclid: "IwAR-c" },
      last: { utm_campaign: "c", fbclid: "IwAR-c" },
    });
  });

  it("stays small: both inline scripts are in every page", () => {
    const [head, page] = [HEAD_SCRIPT, PAGE_SCRIPT].map((script) => gzipSync(script).length);
    console.log(
      `inline scripts: head ${HEAD_SCRIPT.length} B (${head} B gzip), page ${PAGE_SCRIPT.length} B (${page} B gzip)`,
    );
    expect(head).toBeLessThanOrEqual(512);
    expect(page).toBeLessThanOrEqual(4 * 1024);
  });
});

describe("the page's inline script: the privacy notice's text", () => {
  const TEXT_URL = "https://site.example/api/privacy-notice/mx";
  const holder = () => document.querySelector<HTMLElement>("#privacy-notice > div")!;
  const focusLink = () =>
    document.getElementById("to-notice")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  beforeEach(() => {
    document.body.innerHTML = `<main><a id="to-notice" href="#privacy-notice">Aviso</a></main>
      <section id="privacy-notice"><div data-notice-text><p><a href="${TEXT_URL}">Leer el aviso completo</a></p></div></section>`;
  });
  afterEach(() => vi.unstubAllGlobals());

  it("loads once, as a link to the notice is focused, and puts the page's <article> in place of the link", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          `<!doctype html><h1>Aviso</h1><article><p>Qué datos <strong>tratamos</strong></p><dl><dt>Responsable</dt><dd>Puente</dd></dl></article>`,
        ),
    );
    vi.stubGlobal("fetch", fetch);
    visit("https://site.example/mx");
    focusLink();
    focusLink();
    await settle();
    expect(fetch.mock.calls).toEqual([[TEXT_URL]]);
    expect(holder().innerHTML).toBe(
      "<p>Qué datos <strong>tratamos</strong></p><dl><dt>Responsable</dt><dd>Puente</dd></dl>",
    );
    expect(holder().hasAttribute("data-notice-text")).toBe(false);
    expect(holder().hasAttribute("aria-busy")).toBe(false);
    focusLink();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("keeps the link when the text does not load, and tries again at the next intent", async () => {
    const fetch = vi.fn(async () => new Response("down", { status: 503 }));
    vi.stubGlobal("fetch", fetch);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    visit("https://site.example/mx");
    focusLink();
    await settle();
    expect(holder().querySelector("a")?.getAttribute("href")).toBe(TEXT_URL);
    expect(holder().hasAttribute("aria-busy")).toBe(false);
    focusLink();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
