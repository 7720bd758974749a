import type { Page, Route } from "@playwright/test";
import { watchCsp } from "../browser/csp-violations";
import { E2E_HOSTS, SANITY_MODE } from "../../../scripts/lib/e2e-hosts";
import { SANITY_EDITOR_TOKEN } from "./fake-content-lake-api";

/** A person's browser (the bot list drops a headless one's user agent). */
export const PERSON =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/**
 * The hosts Studio 5 talks to, answered here as Sanity would for a project with one signed-out (or signed-in) visitor.
 * With `contentLake`, the documents the Studio's own code reads and writes by id (the documents and mutations
 * endpoints) go to that Content Lake stand-in instead.
 */
function sanityApi(page: Page, { signedIn, contentLake }: { signedIn: boolean; contentLake?: string }) {
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
    if (contentLake && /^\/data\/(doc|mutate)\//.test(path)) {
      const response = await route.fetch({ url: `${contentLake}${url.pathname}${url.search}` });
      return route.fulfill({ response, headers: { ...response.headers(), ...cors } });
    }
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

export async function openStudio(page: Page, signedIn: boolean, { contentLake }: { contentLake?: string } = {}) {
  const violations = await watchCsp(page);
  // The Studio keeps a session as a token in this browser (loginMethod "token"): a signed-in editor has one.
  if (signedIn)
    await page.addInitScript(
      ([key, token]) => localStorage.setItem(key!, JSON.stringify({ token })),
      [`__studio_auth_token_${SANITY_MODE.projectId}`, SANITY_EDITOR_TOKEN],
    );
  const api = sanityApi(page, { signedIn, contentLake });
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
