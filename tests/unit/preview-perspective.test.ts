import { perspectiveCookieName } from "@sanity/preview-url-secret/constants";
import { describe, expect, it } from "vitest";
import { applyPerspective } from "@/lib/content/local-dataset";
import { parsePerspective, PERSPECTIVE_COOKIE } from "@/lib/preview/preview-perspective";

const doc = (_id: string, title: string) => ({ _id, _type: "landingPage", title });
const DATASET = [
  doc("landingPage.mx", "published mx"),
  doc("drafts.landingPage.mx", "draft mx"),
  doc("versions.rFees.landingPage.mx", "fees mx"),
  doc("versions.rOther.landingPage.mx", "other mx"),
  doc("landingPage.br", "published br"),
  doc("versions.rFees.landingPage.ar", "fees ar, new in the release"),
];
const titles = (perspective: Parameters<typeof applyPerspective>[1]) =>
  Object.fromEntries(applyPerspective(DATASET, perspective).map((d) => [d._id, d.title]));

describe("the preview's perspective", () => {
  it("reads the cookie next-sanity sets when the Studio opens a preview", () => {
    expect(PERSPECTIVE_COOKIE).toBe(perspectiveCookieName);
  });

  it("takes the Studio's stack of releases, and falls back to plain drafts on anything else", () => {
    expect(parsePerspective("rFees,drafts")).toEqual(["rFees", "drafts"]);
    expect(parsePerspective("rFees")).toEqual(["rFees"]);
    expect(parsePerspective("published")).toBe("published");
    expect(parsePerspective("drafts")).toBe("drafts");
    for (const value of [undefined, "", "raw", "rFees,raw", "rFees,,drafts", "r Fees", "a/b", "x".repeat(65)])
      expect(parsePerspective(value), String(value)).toBe("drafts");
  });

  it("shows each document from the highest layer that has it, published underneath, other releases hidden", () => {
    expect(titles("published")).toEqual({ "landingPage.mx": "published mx", "landingPage.br": "published br" });
    expect(titles("drafts")).toEqual({ "landingPage.mx": "draft mx", "landingPage.br": "published br" });
    expect(titles(["rFees", "drafts"])).toEqual({
      "landingPage.mx": "fees mx",
      "landingPage.br": "published br",
      "landingPage.ar": "fees ar, new in the release",
    });
    // A release stacked over published (a scheduled draft previewed without the other drafts).
    expect(titles(["rOther", "published"])).toMatchObject({ "landingPage.mx": "other mx" });
    expect(titles(["rNone", "drafts"])).toMatchObject({ "landingPage.mx": "draft mx" });
  });
});
