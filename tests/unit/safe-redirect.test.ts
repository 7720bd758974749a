import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/preview/safe-redirect";

const ORIGIN = "http://127.0.0.1:3100";

/** Where a browser goes with this Location header, and where it goes if something decodes the path once more. */
function landsOnOrigin(location: string): boolean {
  const once = new URL(location, ORIGIN);
  const decoded = new URL(decodeURIComponent(once.pathname), ORIGIN);
  return (
    once.origin === ORIGIN &&
    decoded.origin === ORIGIN &&
    !/^\/[/\\]/.test(once.pathname) &&
    !/^\/[/\\]/.test(decoded.pathname)
  );
}

describe("draft-mode redirect targets", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeRedirectPath("/br")).toBe("/br");
    expect(safeRedirectPath("/ar/precios?x=1#contact-form")).toBe("/ar/precios?x=1#contact-form");
    // A dot segment that stays on the site is resolved, as the browser would.
    expect(safeRedirectPath("/mx/../br")).toBe("/br");
    expect(safeRedirectPath("/mx?next=//evil.example")).toBe("/mx?next=//evil.example");
  });

  it("falls back to /mx when nothing usable is given", () => {
    expect(safeRedirectPath(null)).toBe("/mx");
    expect(safeRedirectPath("")).toBe("/mx");
    expect(safeRedirectPath("br")).toBe("/mx");
  });

  // Each is what the route reads from `?redirect=` (already percent-decoded once by the query parser), and each is a
  // Location a browser would follow to another site once it resolves dot segments, drops tabs and newlines, reads
  // `\` as `/`, or once something decodes the path again.
  it.each([
    "https://evil.example/mx",
    "//evil.example/mx",
    "///evil.example",
    "/\\evil.example",
    "\\/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/./..//evil.example",
    "/mx/../..//evil.example",
    "/%2e//evil.example/x",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/./\\evil.example",
    "/./%5Cevil.example",
    "/%5C%5Cevil.example",
    "/%2F%2Fevil.example",
    "/%2f/evil.example",
    "/%252F%252Fevil.example",
    "/..%2F..%2F%2Fevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%00/evil.example",
    "/\u0000//evil.example",
    "/．/／evil.example",
    "/／evil.example",
    "/%EF%BC%8F%EF%BC%8Fevil.example",
    "／／evil.example",
    "javascript:alert(1)",
    " //evil.example",
  ])("refuses %j", (target) => {
    const path = safeRedirectPath(target);
    expect(path).toBe("/mx");
    expect(landsOnOrigin(path)).toBe(true);
  });

  // Characters that only look like slashes: kept as a path on this site, or refused, but never another host.
  it.each(["/\u2215evil.example", "/\u2044evil.example", "/\u29f8evil.example", "/%E2%88%95%E2%88%95evil.example"])(
    "never leaves the site for %j",
    (target) => {
      expect(landsOnOrigin(safeRedirectPath(target))).toBe(true);
    },
  );
});
