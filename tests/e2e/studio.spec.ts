import { expect, test } from "@playwright/test";
import { MARKETS, MARKET_NAMES } from "../../lib/markets/markets";
import { watchCsp } from "../support/browser/csp-violations";
import { E2E_HOSTS, SANITY_MODE } from "../../scripts/lib/e2e-hosts";
import { openStudio, PERSON } from "../support/sanity/studio-browser";
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
    // Two visits to /mx and one to /br on the Sanity-mode site, as a person's browser sends them.
    const campaign = `studio-${Date.now()}`;
    for (const [address, path] of [
      ["203.0.113.10", "/mx"],
      ["203.0.113.11", "/mx"],
      ["203.0.113.12", "/br"],
    ] as const) {
      const sent = await request.post(`${E2E_HOSTS.sanity}/api/beacon`, {
        headers: { origin: E2E_HOSTS.sanity, "user-agent": PERSON, "x-real-ip": address, "content-type": "text/plain" },
        data: JSON.stringify({ type: "visit", path, touch: { s: "google", m: "cpc", c: campaign } }),
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
    // The page's table comes first; the experiments' table below repeats some of its headers.
    for (const header of ["Visits", "Visitors", "Form starts", "Leads", "Held", "Conversion"])
      await expect(tool.getByRole("columnheader", { name: header }).first()).toBeVisible();
    await expect(tool.getByText("Field speed")).toBeVisible();
    // A page picked in one market is not kept for the next: Brazil's table starts on all of its pages.
    await tool.getByLabel("Page", { exact: true }).selectOption("/mx");
    await tool.getByLabel("Market", { exact: true }).selectOption("br");
    const brazil = tool.getByRole("row").filter({ has: page.getByRole("cell", { name: "/br", exact: true }) });
    await expect(brazil.getByRole("cell")).toContainText(["/br", `google / cpc / ${campaign}`, "1", "1"]);
    await tool.getByLabel("Market", { exact: true }).selectOption("mx");
    await expect(tool.getByRole("cell", { name: `google / cpc / ${campaign}`, exact: true })).toBeVisible();
    for (const [language, words] of [
      ["Español", ["Resultados", "Visitas", "Visitantes", "Formularios empezados", "Contactos", "Campaña"]],
      ["Português (Brasil)", ["Resultados", "Visitas", "Visitantes", "Formulários iniciados", "Leads", "Campanha"]],
    ] as const) {
      await page.getByRole("button", { name: /^(Language|Idioma): / }).click();
      await page.getByRole("menuitem", { name: language }).click();
      await expect(tool.getByRole("heading", { name: words[0], level: 1 })).toBeVisible({ timeout: 30_000 });
      for (const word of words.slice(1))
        await expect(tool.getByRole("columnheader", { name: word }).first(), `${language}: ${word}`).toBeVisible();
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
