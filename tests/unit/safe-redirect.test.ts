import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";

describe("draft-mode redirect targets", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirectPath("/br")).toBe("/br");
    expect(safeRedirectPath("/ar/precios?x=1#contact-form")).toBe("/ar/precios?x=1#contact-form");
  });

  it("falls back to /mx when nothing usable is given", () => {
    expect(safeRedirectPath(null)).toBe("/mx");
    expect(safeRedirectPath("")).toBe("/mx");
    expect(safeRedirectPath("br")).toBe("/mx");
  });

  // Each of these is a Location header a browser would follow to another site.
  it.each([
    "https://evil.example/mx",
    "//evil.example/mx",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\\/evil.example",
    "javascript:alert(1)",
  ])("refuses %j", (target) => {
    const path = safeRedirectPath(target);
    expect(path).toBe("/mx");
    expect(new URL(path, "http://127.0.0.1:3100").origin).toBe("http://127.0.0.1:3100");
  });
});
