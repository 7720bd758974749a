import { describe, expect, it } from "vitest";
import { readServerEnv } from "@/lib/env/env";
import {
  DRAFT_MODE_COOKIE,
  DRAFT_SESSION_COOKIE,
  draftSessionCookieValue,
  isDraftSession,
} from "@/lib/preview/draft-session";

const SECRET = "draft-mode-secret-0123456789abcdef0123";
const PREVIEW_ID = "6c39669b212b91c83cc88c449be6e9d5";

const jar = (values: Record<string, string>) => ({
  get: (name: string) => (name in values ? { value: values[name]! } : undefined),
});

describe("a draft session, as proxy.ts checks it before routing an address to the draft preview", () => {
  const embedded = readServerEnv({ DRAFT_MODE_SECRET: SECRET });
  const proof = draftSessionCookieValue(PREVIEW_ID, embedded)!;

  it("is one the enable route opened: Next's cookie and its proof, signed with the secret that guards preview", () => {
    expect(
      isDraftSession(jar({ [DRAFT_MODE_COOKIE]: PREVIEW_ID, [DRAFT_SESSION_COOKIE]: proof }), embedded, false),
    ).toBe(true);
  });

  it("is never a draft-mode cookie alone, whatever its value, nor a proof made for another value or secret", () => {
    for (const cookies of <Record<string, string>[]>[
      { [DRAFT_MODE_COOKIE]: PREVIEW_ID },
      { [DRAFT_MODE_COOKIE]: "forged" },
      { [DRAFT_MODE_COOKIE]: "forged", [DRAFT_SESSION_COOKIE]: proof },
      { [DRAFT_MODE_COOKIE]: PREVIEW_ID, [DRAFT_SESSION_COOKIE]: "forged" },
      { [DRAFT_MODE_COOKIE]: PREVIEW_ID, [DRAFT_SESSION_COOKIE]: `${proof}x` },
      { [DRAFT_SESSION_COOKIE]: proof },
    ])
      expect(isDraftSession(jar(cookies), embedded, false), JSON.stringify(cookies)).toBe(false);
    const other = readServerEnv({ DRAFT_MODE_SECRET: `${SECRET}-rotated` });
    expect(isDraftSession(jar({ [DRAFT_MODE_COOKIE]: PREVIEW_ID, [DRAFT_SESSION_COOKIE]: proof }), other, false)).toBe(
      false,
    );
  });

  it("cannot be opened where preview cannot be turned on: no secret, no session", () => {
    const none = readServerEnv({});
    expect(draftSessionCookieValue(PREVIEW_ID, none)).toBeUndefined();
    expect(isDraftSession(jar({ [DRAFT_MODE_COOKIE]: PREVIEW_ID, [DRAFT_SESSION_COOKIE]: proof }), none, false)).toBe(
      false,
    );
  });

  it("is Next's cookie alone under next dev, which keeps no page cache and opens preview without a secret", () => {
    expect(isDraftSession(jar({ [DRAFT_MODE_COOKIE]: "anything" }), readServerEnv({}), true)).toBe(true);
  });
});
