import { expect, test, type Page, type Route } from "@playwright/test";
import { MARKETS, MARKET_NAMES } from "../../lib/markets/markets";
import { watchCsp } from "../support/browser/csp-violations";
import { E2E_HOSTS, SANITY_MODE } from "../../scripts/lib/e2e-hosts";
import { SANITY_EDITOR_TOKEN } from "../support/sanity/fake-content-lake-api";
import { describeProblems, htmlErrors } from "../support/browser/html-checker";

test.describe("/studio without a Sanity project", () => {
  test("in production says only that there is no Studio, naming nothing of how content is kept, loading nothing off the origin", async ({
    page,
    baseURL,
  }) => {
    const violations = await watchCsp(page);
    const requests: string[] = [];
    let scriptBytes = 0;
    page.on("request", (r) => requests.push(r.url()));
    page.on("response", async (r) => {
      if (r.request().resourceType() === "script") scriptBytes += (await r.body()).length;
    });
    const response = await page.goto("/studio", { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No Studio here");
    const html = await page.content();
    for (const needle of ["ndjson", "Sanity", "NEXT_PUBLIC_", "seed", "draft-mode", "not connected"])
      expect(html, needle).not.toContain(needle);
    await expect(page.getByText("An error occurred")).toHaveCount(0);
    const origin = new URL(baseURL!).origin;
    expect(requests.filter((url) => !url.startsWith("data:") && new URL(url).origin !== origin)).toEqual([]);
    // The Studio's code (megabytes) is not even sent: only Next's own runtime.
    expect(scriptBytes).toBeLessThan(1_000_000);
    expect(violations).toEqual([]);
  });

  test("its policy allows nothing beyond the origin", async ({ request }) => {
    const csp = (await request.get("/studio")).headers()["content-security-policy"] ?? "";
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/https?:\/\/|wss:/);
  });
});

/** A person's browser (the bot list drops a headless one's user agent). */
const PERSON =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/**
 * The hosts Studio 5 talks to, answered here as Sanity would for a project with one signed-out (or signed-in) visitor.
 */
function sanityApi(page: Page, { signedIn }: { signedIn: boolean }) {
  const seen: string[] = [];
  const origin = E2E_HOSTS.sanity;
  const cors = {
    "access-control-allow-origin": origin,
    "access-control-allow-credentials": "true",
    "access-control-allow-headers": "*",
    "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
  };
  const json = (route: Route, body: unknown, status = 200) =>
    route.fulfill({ status, headers: { ...cors, "content-type": "application/json" }, body: JSON.stringify(body) });
  const user = {
    id: "p-e2e",
    name: "Marketing Tester",
    email: "marketing@example.com",
    provider: "google",
    role: "administrator",
    roles: [{ name: "administrator", title: "Administrator" }],
  };

  const answer = async (route: Route) => {
    const request = route.request();
    const url = new URL(request.url());
    seen.push(`${request.method()} ${url.host}${url.pathname}`);
    if (request.method() === "OPTIONS") return route.fulfill({ status: 204, headers: cors });
    const path = url.pathname.replace(/^\/v[\w-]+/, "");
    if (path === "/users/me") return json(route, signedIn ? user : {});
    if (path === "/auth/providers") {
      return json(route, {
        thirdPartyLogin: true,
        sso: { saml: false },
        providers: [
          { name: "google", title: "Google", url: "https://api.sanity.io/v2021-10-01/auth/login/google" },
          { name: "github", title: "GitHub", url: "https://api.sanity.io/v2021-10-01/auth/login/github" },
          { name: "sanity", title: "E-mail / password", url: "https://api.sanity.io/v2021-10-01/auth/login/sanity" },
        ],
      });
    }
    if (path.startsWith(`/projects/${SANITY_MODE.projectId}`) && path.endsWith("/acl")) {
      return json(route, [
        { filter: "_id in path('**')", permissions: ["read", "create", "update", "history", "editHistory"] },
      ]);
    }
    if (path === `/projects/${SANITY_MODE.projectId}`) {
      return json(route, {
        id: SANITY_MODE.projectId,
        displayName: "Puente Pagos",
        studioHost: null,
        isBlocked: false,
        isDisabled: false,
        members: [
          {
            id: user.id,
            role: "administrator",
            roles: [{ name: "administrator", title: "Administrator" }],
            isRobot: false,
            isCurrentUser: true,
          },
        ],
        metadata: {},
        organizationId: null,
      });
    }
    if (path.startsWith(`/projects/${SANITY_MODE.projectId}/datasets`))
      return json(route, [{ name: SANITY_MODE.dataset, aclMode: "private" }]);
    if (path.startsWith("/data/query/"))
      return json(route, { ms: 1, query: url.searchParams.get("query"), result: [] });
    if (path.startsWith("/data/listen/")) {
      return route.fulfill({
        status: 200,
        headers: { ...cors, "content-type": "text/event-stream" },
        body: 'event: welcome\ndata: {"listenerName":"e2e"}\n\n',
      });
    }
    if (path.startsWith("/data/doc/")) return json(route, { documents: [], omitted: [] });
    return json(route, {});
  };
  return { seen, answer };
}

async function openStudio(page: Page, signedIn: boolean) {
  const violations = await watchCsp(page);
  // The Studio keeps a session as a token in this browser (loginMethod "token"): a signed-in editor has one.
  if (signedIn)
    await page.addInitScript(
      ([key, token]) => localStorage.setItem(key!, JSON.stringify({ token })),
      [`__studio_auth_token_${SANITY_MODE.projectId}`, SANITY_EDITOR_TOKEN],
    );
  const api = sanityApi(page, { signedIn });
  // Every Sanity host the Studio may call: the project's and the global API, and the bridge script.
  await page.route(/^https:\/\/([a-z0-9-]+\.)?api\.sanity\.io\//, api.answer);
  await page.route("https://core.sanity-cdn.com/bridge.js", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "text/javascript", "access-control-allow-origin": "*" },
      body: "export {};",
    }),
  );
  // The Studio's check for a newer Sanity version.
  await page.route(/^https:\/\/sanity-cdn\.com\/v1\/modules\//, (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "application/json", "access-control-allow-origin": "*" },
      body: JSON.stringify({ latest: "5.31.2", packageVersion: "5.31.2" }),
    }),
  );
  // Anything else off the origin is a request the policy let through that the Studio should not need.
  const stray: string[] = [];
  await page.route(
    (url) =>
      url.origin !== E2E_HOSTS.sanity &&
      !/(^|\.)api\.sanity\.io$/.test(url.hostname) &&
      !["core.sanity-cdn.com", "sanity-cdn.com"].includes(url.hostname),
    (route) => {
      stray.push(route.request().url());
      return route.abort();
    },
  );
  await page.goto(`${E2E_HOSTS.sanity}/studio`);
  return { violations, api, stray };
}

test.describe("/studio with a Sanity project (production build, Sanity's hosts answered in the browser)", () => {
  test.setTimeout(90_000);

  test("the Studio boots to its sign-in screen with zero CSP violations", async ({ page }) => {
    const { violations, api, stray } = await openStudio(page, false);
    const google = page.getByRole("link", { name: /Google/ });
    await expect(google).toBeVisible({ timeout: 60_000 });
    await expect(google).toHaveAttribute("href", /^https:\/\/api\.sanity\.io\/.+\/auth\/login\/google\?/);
    await expect(page.getByText("An error occurred")).toHaveCount(0);
    expect(api.seen.some((r) => r.includes(`${SANITY_MODE.projectId}.api.sanity.io`))).toBe(true);
    expect(stray).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("signed in, the desk lists the three markets, with zero CSP violations", async ({ page }) => {
    const { violations, stray } = await openStudio(page, true);
    for (const market of MARKETS)
      await expect(
        page
          .getByRole("link", { name: MARKET_NAMES[market], exact: true })
          .or(page.getByRole("button", { name: MARKET_NAMES[market], exact: true })),
      ).toBeVisible({ timeout: 60_000 });
    expect(stray).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("each marketer's language: English until chosen, then Spain's Spanish or Brazilian Portuguese, desk and tabs", async ({
    page,
  }) => {
    const { violations, stray } = await openStudio(page, true);
    const entry = (name: string) =>
      page.getByRole("link", { name, exact: true }).or(page.getByRole("button", { name, exact: true }));
    const tabTitle = (name: string) => page.getByRole("tab", { name, exact: true });
    const choose = async (language: string) => {
      await page.getByRole("button", { name: /^(Language|Idioma): / }).click();
      await page.getByRole("menuitem", { name: language }).click();
    };
    await expect(entry("Mexico privacy notice")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole("button", { name: "Language: English (US)" })).toBeVisible();
    for (const [language, help, words, campaigns, landing, tabs] of [
      [
        "Español",
        "Ayuda y recursos",
        ["México", "Brasil", "Aviso de privacidad de México", "Aviso de privacidad de Argentina"],
        "Páginas de campaña",
        "Página de México",
        ["Página", "Formulario de contacto", "Datos de la empresa"],
      ],
      [
        "Português (Brasil)",
        "Ajuda e recursos",
        ["México", "Brasil", "Aviso de privacidade do México", "Aviso de privacidade da Argentina"],
        "Páginas de campanha",
        "Página do México",
        ["Página", "Formulário de contato", "Dados da empresa"],
      ],
    ] as const) {
      await choose(language);
      for (const word of words) await expect(entry(word), `${language}: ${word}`).toBeVisible({ timeout: 60_000 });
      await expect(entry("Mexico privacy notice")).toHaveCount(0);
      // Sanity's own words follow the same choice.
      await expect(page.getByRole("button", { name: help, exact: true })).toBeVisible();
      await entry("México").click();
      await expect(entry(campaigns), `${language}: ${campaigns}`).toBeVisible();
      await entry(landing).click();
      for (const name of tabs) await expect(tabTitle(name), `${language}: ${name}`).toBeVisible({ timeout: 60_000 });
      await page.goto(`${E2E_HOSTS.sanity}/studio`);
    }
    // The choice is the marketer's own, kept in this browser.
    await page.reload();
    await expect(entry("Aviso de privacidade do México")).toBeVisible({ timeout: 60_000 });
    await choose("English (US)");
    await expect(entry("Mexico privacy notice")).toBeVisible({ timeout: 60_000 });
    expect(stray).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("signed in, the Results tool shows visits per page and campaign, in English, Spanish and Portuguese", async ({
    page,
    request,
  }) => {
    // Two visits to the Sanity-mode site, as a person's browser sends them.
    const campaign = `studio-${Date.now()}`;
    for (const address of ["203.0.113.10", "203.0.113.11"]) {
      const sent = await request.post(`${E2E_HOSTS.sanity}/api/beacon`, {
        headers: { origin: E2E_HOSTS.sanity, "user-agent": PERSON, "x-real-ip": address, "content-type": "text/plain" },
        data: JSON.stringify({ type: "visit", path: "/mx", touch: { s: "google", m: "cpc", c: campaign } }),
      });
      expect(sent.status()).toBe(204);
    }
    const { violations, stray } = await openStudio(page, true);
    await page.goto(`${E2E_HOSTS.sanity}/studio/results`);
    const tool = page.getByTestId("results-tool");
    await expect(tool.getByRole("heading", { name: "Results", level: 1 })).toBeVisible({ timeout: 60_000 });
    // The counts are written within a second; the tool reads them on Refresh.
    await expect(async () => {
      await tool.getByRole("button", { name: "Refresh" }).click();
      await expect(tool.getByRole("cell", { name: `google / cpc / ${campaign}`, exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 20_000 });
    const row = tool.getByRole("row").filter({ has: page.getByRole("cell", { name: `google / cpc / ${campaign}` }) });
    await expect(row.getByRole("cell")).toContainText(["/mx", `google / cpc / ${campaign}`, "2", "2", "0", "0", "0"]);
    for (const header of ["Visits", "Visitors", "Form starts", "Leads", "Held", "Conversion"])
      await expect(tool.getByRole("columnheader", { name: header })).toBeVisible();
    await expect(tool.getByText("Field speed")).toBeVisible();
    for (const [language, words] of [
      ["Español", ["Resultados", "Visitas", "Visitantes", "Formularios empezados", "Contactos", "Campaña"]],
      ["Português (Brasil)", ["Resultados", "Visitas", "Visitantes", "Formulários iniciados", "Leads", "Campanha"]],
    ] as const) {
      await page.getByRole("button", { name: /^(Language|Idioma): / }).click();
      await page.getByRole("menuitem", { name: language }).click();
      await expect(tool.getByRole("heading", { name: words[0], level: 1 })).toBeVisible({ timeout: 30_000 });
      for (const word of words.slice(1))
        await expect(tool.getByRole("columnheader", { name: word }), `${language}: ${word}`).toBeVisible();
      await expect(tool.getByRole("cell", { name: `google / cpc / ${campaign}`, exact: true })).toBeVisible();
    }
    expect(stray).toEqual([]);
    expect(violations).toEqual([]);
  });

  test("its page has no HTML errors (W3C checker), served and around the running desk", async ({ page, request }) => {
    const servedHtml = await (await request.get(`${E2E_HOSTS.sanity}/studio`)).text();
    await openStudio(page, true);
    await expect(
      page
        .getByRole("link", { name: MARKET_NAMES.mx, exact: true })
        .or(page.getByRole("button", { name: MARKET_NAMES.mx, exact: true })),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveTitle(/\S/);
    // The document as hydrated, less the Studio's own interface (rendered by Sanity into #sanity and its portals):
    // that markup is Sanity UI's, not this site's.
    const around = await page.evaluate(() => {
      const doc = document.documentElement.cloneNode(true) as HTMLElement;
      doc.querySelector("#sanity")?.replaceChildren();
      for (const portal of doc.querySelectorAll("body > [data-portal]")) portal.remove();
      return `<!DOCTYPE html>${doc.outerHTML}`;
    });
    const errors = await htmlErrors({ "/studio, served": servedHtml, "/studio, hydrated around the desk": around });
    expect(errors, describeProblems(errors)).toEqual([]);
  });

  test("its policy names exactly Sanity's hosts", async ({ request }) => {
    const csp = (await request.get(`${E2E_HOSTS.sanity}/studio`)).headers()["content-security-policy"] ?? "";
    const hosts = [...new Set(csp.match(/(https|wss):\/\/[^\s;]+/g))].sort();
    expect(hosts).toEqual(
      [
        `https://${SANITY_MODE.projectId}.api.sanity.io`,
        `wss://${SANITY_MODE.projectId}.api.sanity.io`,
        "https://api.sanity.io",
        "https://cdn.sanity.io",
        "https://core.sanity-cdn.com",
        "https://sanity-cdn.com",
        "https://lh3.googleusercontent.com",
        "https://avatars.githubusercontent.com",
        "https://secure.gravatar.com",
        "https://www.gravatar.com",
      ].sort(),
    );
    expect(csp).not.toMatch(/\*\./);
    // The Studio shares the site's origin: no eval there (its boot and desk above run under this policy).
    expect(csp).not.toContain("'unsafe-eval'");
  });
});
