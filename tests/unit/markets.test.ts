import { describe, expect, it } from "vitest";
import { marketFromPath, nextMarket, MARKET_LOCALES } from "@/lib/markets/markets";
import { hreflangAlternates } from "@/lib/markets/site-urls";
import { fillAmount, formatCurrency } from "@/lib/markets/currency";

describe("market from path (docs/requirements.md#routes-and-languages)", () => {
  it.each([
    ["/br", "br"],
    ["/br/anything/else", "br"],
    ["/ar", "ar"],
    ["/ar/precios", "ar"],
    ["/mx", "mx"],
    ["/", "mx"],
    ["/brasil", "mx"],
    ["/arg/x", "mx"],
    ["/de", "mx"],
  ])("%s → %s", (path, market) => {
    expect(marketFromPath(path)).toBe(market);
  });

  it("never treats ar as Arabic", () => {
    expect(MARKET_LOCALES.ar).toBe("es-AR");
  });
});

describe("the flag cycle", () => {
  it("goes Mexico → Brazil → Argentina → Mexico", () => {
    expect(nextMarket("mx")).toBe("br");
    expect(nextMarket("br")).toBe("ar");
    expect(nextMarket("ar")).toBe("mx");
  });
});

describe("URLs and money", () => {
  it("lists an hreflang alternate per market plus x-default", () => {
    expect(hreflangAlternates("https://example.com")).toEqual({
      "es-MX": "https://example.com/mx",
      "pt-BR": "https://example.com/br",
      "es-AR": "https://example.com/ar",
      "x-default": "https://example.com/mx",
    });
  });

  it("formats local equivalents with each market's conventions", () => {
    // Intl puts non-breaking spaces in some locales; compare with them normalised.
    const plain = (s: string) => s.replace(/\s/g, " ");
    // Pesos by their code (a bare "$" beside "US$" is ambiguous); reais as Brazilians write round amounts.
    expect(plain(formatCurrency(85_000, "es-MX", "MXN"))).toBe("MXN 85,000");
    expect(plain(formatCurrency(1_700_000, "es-MX", "MXN"))).toBe("MXN 1,700,000");
    expect(plain(formatCurrency(25_000, "pt-BR", "BRL"))).toBe("R$ 25 mil");
    expect(plain(formatCurrency(500_000, "pt-BR", "BRL"))).toBe("R$ 500 mil");
    expect(plain(formatCurrency(84_000_000, "es-AR", "ARS"))).toBe("ARS 84.000.000");
    expect(fillAmount("hasta ≈ {amount}", "MXN 85,000")).toBe("hasta ≈ MXN 85,000");
  });
});
