import { describe, expect, it } from "vitest";
import { bookingLink, whatsappChatLink } from "@/lib/conversation/contact-links";

const ana = { name: "Ana María Pérez", email: "ana+leads@empresa.com.mx" };

describe("links to meet sales halfway", () => {
  it.each([
    ["https://cal.com/puente/llamada", { name: ana.name, email: ana.email }],
    ["https://equipo.cal.com/llamada?duration=30", { duration: "30", name: ana.name, email: ana.email }],
    ["https://calendly.com/puente/30min", { name: ana.name, email: ana.email }],
    ["https://meetings.hubspot.com/puente/llamada", { firstName: "Ana", lastName: "María Pérez", email: ana.email }],
    ["https://meetings-eu1.hubspot.com/puente", { firstName: "Ana", lastName: "María Pérez", email: ana.email }],
    ["https://calendar.google.com/calendar/appointments/schedules/AcZssZ1", {}],
    ["https://agenda.example.com/puente", {}],
  ])("%s is prefilled with what its provider documents", (url, params) => {
    const link = new URL(bookingLink(url, ana));
    expect(Object.fromEntries(link.searchParams)).toEqual(params);
    expect(link.origin + link.pathname).toBe(new URL(url).origin + new URL(url).pathname);
  });

  it("without a person the booking page is left as it is", () => {
    expect(bookingLink("https://cal.com/puente/llamada")).toBe("https://cal.com/puente/llamada");
  });

  it("a WhatsApp chat: the number's digits, the message encoded", () => {
    const link = whatsappChatLink("+52 55 0000 0000", "Hola, mi referencia es K7QXM-3P9TR & más");
    expect(link).toBe("https://wa.me/525500000000?text=Hola%2C%20mi%20referencia%20es%20K7QXM-3P9TR%20%26%20m%C3%A1s");
  });
});
