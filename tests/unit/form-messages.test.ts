import { describe, expect, it } from "vitest";
import { countryName, fill, listOf, minutesIn, retryAfterMinutes } from "@/lib/contact/form-messages";

describe("the form's sentences", () => {
  it("fill a content template's placeholders and leave unknown ones visible", () => {
    expect(fill("Usar {code}", { code: "+54" })).toBe("Usar +54");
    expect(fill("¿Es un número de {country}? {other}", { country: "Argentina" })).toBe(
      "¿Es un número de Argentina? {other}",
    );
  });

  it("name the missing fields as each market writes a list, labels lowered but not acronyms", () => {
    expect(listOf(["Correo electrónico", "Número de teléfono"], "es-MX")).toBe(
      "correo electrónico y número de teléfono",
    );
    expect(listOf(["Nome da empresa", "E-mail", "Número de telefone"], "pt-BR")).toBe(
      "nome da empresa, e-mail e número de telefone",
    );
    expect(listOf(["CNPJ da empresa"], "pt-BR")).toBe("CNPJ da empresa");
  });

  it("turn Retry-After (seconds or a date) into whole minutes, never fewer than one", () => {
    expect(retryAfterMinutes("240")).toBe(4);
    expect(retryAfterMinutes("241")).toBe(5);
    expect(retryAfterMinutes("3")).toBe(1);
    expect(retryAfterMinutes(null)).toBe(1);
    expect(retryAfterMinutes("soon")).toBe(1);
    const now = Date.parse("2025-05-01T12:00:00Z");
    expect(retryAfterMinutes("Thu, 01 May 2025 12:10:00 GMT", now)).toBe(10);
  });

  it("write minutes and countries in the market's language", () => {
    expect(minutesIn(1, "es-AR")).toBe("1 minuto");
    expect(minutesIn(5, "pt-BR")).toBe("5 minutos");
    expect(countryName("AR", "es-MX")).toBe("Argentina");
    expect(countryName("US", "pt-BR")).toBe("Estados Unidos");
    expect(countryName("CA", "es-AR")).toBe("Canadá");
    expect(countryName(undefined, "es-AR")).toBeUndefined();
  });
});
