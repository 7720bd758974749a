import { describe, expect, it } from "vitest";
import { portableText } from "@/lib/content/content-fields";
import { privacyNoticeSchema } from "@/lib/content/privacy-notice";

const paragraph = (extra: Record<string, unknown> = {}) => ({
  _type: "block",
  _key: "p1",
  style: "normal",
  markDefs: [],
  children: [{ _type: "span", _key: "s1", text: "Ver ficha", marks: ["strong"] }],
  ...extra,
});
/** A link as Portable Text's default `link` mark would render it: any href. */
const link = { _key: "l1", _type: "link", href: "javascript:alert(document.cookie)" };

describe("rich text holds only what the Studio can make", () => {
  it("takes bold paragraphs, and refuses annotations (links) the Studio has no way to add", () => {
    expect(portableText.safeParse([paragraph()]).success).toBe(true);
    expect(portableText.safeParse([paragraph({ markDefs: null })]).success).toBe(true);
    const linked = portableText.safeParse([
      paragraph({ markDefs: [link], children: [{ _type: "span", _key: "s1", text: "Ver ficha", marks: ["l1"] }] }),
    ]);
    expect(linked.success).toBe(false);
    expect(JSON.stringify(linked.error?.issues)).toMatch(/markDefs/);
  });

  it("refuses them in the privacy notice too", () => {
    const body = privacyNoticeSchema.shape.body;
    expect(body.safeParse([paragraph()]).success).toBe(true);
    expect(body.safeParse([paragraph({ markDefs: [link] })]).success).toBe(false);
  });
});
