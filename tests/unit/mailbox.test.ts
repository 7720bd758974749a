import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { exactAddressHash, mailboxHash, mailboxKey } from "@/lib/conversation/mailbox";

describe("one key per mailbox, however the address is spelled", () => {
  it.each([
    [
      "target@gmail.com",
      [
        "target@gmail.com",
        "target+1@gmail.com",
        "t.arget@gmail.com",
        "T.A.R.G.E.T+x@GoogleMail.com",
        "target@GMAIL.COM.",
      ],
    ],
    [
      "target@empresa.example",
      [
        "target@empresa.example",
        "target+1@empresa.example",
        "Target+promo@Empresa.Example",
        " TARGET@empresa.example ",
      ],
    ],
    ["target@outlook.com", ["target@outlook.com", "Target+x@Outlook.com", "target+y@OUTLOOK.COM"]],
    ["target@yahoo.com", ["target@yahoo.com", "target-news@yahoo.com", "Target@Yahoo.com"]],
    ["target@yandex.ru", ["target@yandex.ru", "target@ya.ru", "Target@Yandex.com"]],
    ["ana@xn--espaa-rta.example", ["ana@españa.example", "Ana+1@ESPAÑA.example", "ana@xn--espaa-rta.example"]],
  ])("%s", (key, spellings) => {
    for (const spelling of spellings) expect(mailboxKey(spelling), spelling).toBe(key);
  });

  it("keeps different mailboxes apart: dots count outside Gmail, and other domains stay other mailboxes", () => {
    const keys = [
      "t.arget@empresa.example",
      "target@empresa.example",
      "target@gmail.com",
      "target@empresa.example.mx",
      "target2@gmail.com",
      "target@hotmail.com",
    ].map(mailboxKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("never throws on what is not an address, and keeps it apart", () => {
    for (const odd of ["", "@", "no-at", "a@", "@b.example", "+@gmail.com", "a@b@c.example"])
      expect(typeof mailboxKey(odd), odd).toBe("string");
    expect(mailboxKey("+tag@gmail.com")).not.toBe(mailboxKey("tag@gmail.com"));
  });

  it("is kept as a SHA-256 hash of the key; the exact hash is what the suppression list held before", () => {
    const sha = (value: string) => createHash("sha256").update(value).digest("hex");
    expect(mailboxHash("T.Arget+1@GoogleMail.com")).toBe(sha("target@gmail.com"));
    expect(exactAddressHash(" Ana@Empresa.Example ")).toBe(sha("ana@empresa.example"));
  });
});
