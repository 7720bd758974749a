import { describe, expect, it } from "vitest";
import { salesEmail, whatsappLink } from "@/lib/alerts/sales-email";
import { sampleLead } from "../support/contact/sample-lead";

// 21:37 UTC: 15:37 in Mexico City (UTC-6), 18:37 in São Paulo and Buenos Aires (UTC-3), each written the local way.
const RECEIVED = new Date("2026-11-23T21:37:00Z");

describe("the sales alert email", () => {
  it.each([
    [
      "mx",
      "Nuevo lead: Acme Importaciones · México · US$ 10,000–49,999/mes",
      "23 de noviembre de 2026 a las 3:37 p.m. (GMT-6)",
      "Primer contacto de campaña",
    ],
    [
      "br",
      "Novo lead: Acme Importaciones · Brasil · US$ 10.000–49.999/mês",
      "23 de novembro de 2026 às 18:37 (GMT-3)",
      "Primeiro contato de campanha",
    ],
    [
      "ar",
      "Nuevo lead: Acme Importaciones · Argentina · US$ 10.000–49.999/mes",
      "23 de noviembre de 2026 a las 6:37 p. m. (GMT-3)",
      "Primer contacto de campaña",
    ],
  ] as const)(
    "in %s: subject with company, market and volume; the time in the market's zone; the market's words",
    (market, subject, time, firstTouch) => {
      const email = salesEmail(sampleLead({ market }), RECEIVED);
      expect(email.subject).toBe(subject);
      for (const part of [email.text, email.html]) {
        expect(part).toContain(time);
        expect(part).toContain(firstTouch);
      }
    },
  );

  it("holds every field, the lead id, and the phone as a tel: and a WhatsApp link, in both parts", () => {
    const lead = sampleLead({ country: "colombia", reason: "contractors", volume: "100000-plus" });
    const { text, html } = salesEmail(lead, RECEIVED);
    for (const value of [
      "Acme Importaciones",
      "Ana Pérez",
      "ana@example.com",
      "+525512345678",
      "tel:+525512345678",
      "https://wa.me/525512345678",
      "Colombia",
      "Freelancers o contratistas",
      "US$ 100,000 o más/mes",
      lead.id,
      "aceptada",
      "2026-11-23",
    ]) {
      expect(text).toContain(value);
      expect(html).toContain(value);
    }
    expect(html).toContain('<a href="tel:+525512345678">');
    expect(html).toContain('<a href="https://wa.me/525512345678">');
    expect(html).toContain('<a href="mailto:ana@example.com">');
    expect(whatsappLink("+1 (415) 555-0100")).toBe("https://wa.me/14155550100");
  });

  it("shows the first and the last campaign touch, or says there was none", () => {
    const { text, html } = salesEmail(sampleLead(), RECEIVED);
    const [, first, last] = text.split(/Primer contacto de campaña|Último contacto de campaña/);
    expect(first).toMatch(/utm_source: google\nutm_medium: cpc\nutm_campaign: pagos-usa\nIDs de clic: gclid=Cj0KCQiA/);
    expect(first).toContain("Sitio de origen: https://www.google.com/");
    expect(first).toContain("2 de noviembre de 2026");
    expect(last).toMatch(/utm_source: newsletter\nutm_medium: email\nutm_campaign: noviembre/);
    expect(html).toContain("pagos-usa");
    expect(html).toContain("noviembre");

    const direct = salesEmail(sampleLead({ attribution: {}, market: "br" }), RECEIVED);
    expect(direct.text.match(/Nenhuma campanha registrada/g)).toHaveLength(2);
    expect(direct.html.match(/Nenhuma campanha registrada/g)).toHaveLength(2);
  });

  it("escapes everything the visitor typed in the HTML part: a company, a name or a campaign cannot inject markup", () => {
    const hostile = `<script>alert(1)</script>"><img src=x onerror=alert(2)>'`;
    const lead = sampleLead({
      company: hostile,
      contact: `Ana "La Jefa" O'Neil & <b>Co</b>`,
      email: "o'neil@empresa.co",
      attribution: {
        last: { utm_campaign: hostile, landing_url: `https://pagos.example/mx?utm_campaign="><script>x</script>` },
      },
    });
    const { html, text, subject } = salesEmail(lead, RECEIVED);
    expect(html).not.toMatch(/<script|<img|<b>/i);
    // The only elements are the email's own: the markup a visitor typed is text.
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map((m) => m[1]!.toLowerCase()));
    expect([...tags].sort()).toEqual([
      "a",
      "body",
      "h1",
      "h2",
      "head",
      "html",
      "meta",
      "p",
      "table",
      "td",
      "th",
      "title",
      "tr",
    ]);
    expect(html).toContain(
      "&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#62;&#60;img src=x onerror=alert(2)&#62;&#39;",
    );
    expect(html).toContain('<a href="mailto:o&#39;neil@empresa.co">');
    // The plain-text part and the subject keep the text as typed (nothing renders it).
    expect(text).toContain(hostile);
    expect(subject).toContain(hostile);
  });
});

describe("the email link of the sales alert", () => {
  it("writes to the lead's own address, even when its local part holds ? & = % #", () => {
    for (const email of [
      "a?to=attacker%40evil.example&subject=x@victim.com",
      "a#b&cc=x@victim.com",
      "ana@example.com",
    ]) {
      const { html } = salesEmail(sampleLead({ email }), RECEIVED);
      const href = /<a href="(mailto:[^"]*)"/.exec(html)![1]!.replaceAll("&amp;", "&");
      const link = new URL(href);
      // What a mail client reads: one recipient (the path, percent-decoded) and no header fields.
      expect(decodeURIComponent(link.pathname), email).toBe(email);
      expect(link.search, email).toBe("");
      expect(link.hash, email).toBe("");
    }
  });
});
