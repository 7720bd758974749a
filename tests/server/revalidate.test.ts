import { expect, test } from "vitest";
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { editDocument, E2E_DATASET } from "../support/dataset-file";
import { E2E_HOSTS } from "../support/e2e-hosts";
import { httpRequest, type HttpRequest } from "../support/http-request";
import { revalidateWebhook as webhook } from "../support/revalidate-webhook";

// The embedded server of the e2e build (tests/server/global-setup.ts).
const request = httpRequest(E2E_HOSTS.embedded);

const heroTitle = async (request: HttpRequest, path: string) => {
  const html = await (await request.get(path)).text();
  return /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
};

test("a signed webhook shows an edited document's new copy without a rebuild", async () => {
  const before = await heroTitle(request, "/mx");
  const restore = editDocument(
    "landingPage.mx",
    (doc) => ((doc.hero as { title: string }).title = "Pagos al mundo en un clic"),
  );
  try {
    // Without a webhook the cached page stays as it was.
    expect(await heroTitle(request, "/mx")).toBe(before);
    const response = await webhook(request, { _type: "landingPage", _id: "landingPage.mx", market: "mx" });
    expect(response.status()).toBe(200);
    expect((await response.json()).revalidated).toEqual(["landingPage:mx"]);
    await expect.poll(() => heroTitle(request, "/mx"), { timeout: 10_000 }).toBe("Pagos al mundo en un clic");
    // Only the changed market was revalidated.
    expect(await heroTitle(request, "/br")).not.toBe("Pagos al mundo en un clic");
  } finally {
    restore();
    await webhook(request, { _type: "landingPage", market: "mx" });
  }
  await expect.poll(() => heroTitle(request, "/mx"), { timeout: 10_000 }).toBe(before);
});

test("a bad or missing signature is refused with 401 and revalidates nothing", async () => {
  const before = await heroTitle(request, "/ar");
  const restore = editDocument("landingPage.ar", (doc) => ((doc.hero as { title: string }).title = "No debería verse"));
  try {
    expect((await webhook(request, { _type: "landingPage", market: "ar" }, "wrong-secret")).status()).toBe(401);
    const unsigned = await request.post("/api/revalidate", { data: { _type: "landingPage", market: "ar" } });
    expect(unsigned.status()).toBe(401);
    expect(await heroTitle(request, "/ar")).toBe(before);
  } finally {
    restore();
  }
});

test("a signed body that is not a landing document is a 400", async () => {
  expect((await webhook(request, { _type: "post", market: "mx" })).status()).toBe(400);
  expect((await webhook(request, { _type: "landingPage", market: "de" })).status()).toBe(400);
  expect((await webhook(request, { _type: "landingPage" })).status()).toBe(400);
});

test("when the content source fails during a revalidation, visitors keep the last good page", async () => {
  const before = await heroTitle(request, "/br");
  const original = readFileSync(E2E_DATASET, "utf8");
  appendFileSync(E2E_DATASET, "{ this is not json\n");
  try {
    expect((await webhook(request, { _type: "landingPage", market: "br" })).status()).toBe(200);
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/br");
      expect(response.status()).toBe(200);
      expect(await heroTitle(request, "/br")).toBe(before);
    }
  } finally {
    writeFileSync(E2E_DATASET, original);
    await webhook(request, { _type: "landingPage", market: "br" });
  }
});
