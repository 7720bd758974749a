// The embedded dataset's images, as the production server answers them (the e2e build's embedded server).
import { readdirSync } from "node:fs";
import { expect, test } from "vitest";
import { E2E_HOSTS } from "../../scripts/lib/e2e-hosts";

test("an SVG of the seed, opened on its own, may load and run nothing: default-src 'none' and a sandbox", async () => {
  const svg = readdirSync("studio/seed/images").find((file) => file.endsWith(".svg"))!;
  const response = await fetch(`${E2E_HOSTS.embedded}/seed-images/${svg}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/svg+xml");
  expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
  // The pages keep theirs.
  const page = await fetch(`${E2E_HOSTS.embedded}/mx`);
  expect(page.headers.get("content-security-policy")).toMatch(/script-src 'self' 'unsafe-inline'/);
});
