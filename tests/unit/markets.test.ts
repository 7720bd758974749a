import Holidays from "date-holidays";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FlagIcon } from "@/app/_components/flag-icon";
import { formatAddress } from "@/app/_components/site-footer";
import { marketRecipientsVariable } from "@/lib/env/server-schema";
import { PHONE_PREFIXES } from "@/lib/leads/options";
import {
  ADDRESS_FIELDS,
  LANGUAGES,
  MARKET_BY_CODE,
  MARKETS,
  marketFromPath,
  nextMarket,
  MARKET_LOCALES,
} from "@/lib/markets/markets";
import { hreflangAlternates } from "@/lib/markets/site-urls";
import { fillAmount, formatCurrency } from "@/lib/markets/currency";
import { seedLandingContent } from "../support/sanity/seed-landing-content";

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

describe("the flag", () => {
  // docs/requirements.md#page-layout, literally: a new market's place in the cycle is the spec's to say.
  it("cycles Mexico → Brazil → Argentina → Mexico", () => {
    expect(nextMarket("mx")).toBe("br");
    expect(nextMarket("br")).toBe("ar");
    expect(nextMarket("ar")).toBe("mx");
  });

  it("draws every market's own flag", () => {
    const flags = MARKETS.map((market) => renderToStaticMarkup(createElement(FlagIcon, { market })));
    for (const flag of flags)
      expect(flag).toMatch(/^<svg [^>]*viewBox="0 0 28 20"[^>]*>(<(rect|circle|path) [^>]+><\/\2>)+<\/svg>$/);
    expect(new Set(flags).size).toBe(MARKETS.length);
    expect(flags[MARKETS.indexOf("br")]).toContain('<path d="M14 2.5 25.5 10 14 17.5 2.5 10Z" fill="#ffdf00"></path>');
  });
});

describe("the markets' declaration", () => {
  it.each(MARKETS)("declares %s completely, in values the platform knows", (market) => {
    const declared = MARKET_BY_CODE[market];
    expect(market).toMatch(/^[a-z]{2}$/);
    expect(Intl.getCanonicalLocales(declared.locale)).toEqual([declared.locale]);
    expect(new Intl.Locale(declared.locale).language).toBe(declared.language);
    expect(LANGUAGES).toContain(declared.language);
    expect(new Intl.DisplayNames("en", { type: "region", fallback: "none" }).of(declared.country)).toBeDefined();
    expect(Object.keys(new Holidays().getCountries())).toContain(declared.country);
    expect(Intl.supportedValuesOf("currency")).toContain(declared.currency);
    expect(() => new Intl.DateTimeFormat("en", { timeZone: declared.timeZone })).not.toThrow();
    expect(PHONE_PREFIXES).toContain(declared.callingCode);
    expect(declared.addressFormat.match(/\{\w+\}/g)?.sort()).toEqual(ADDRESS_FIELDS.map((f) => `{${f}}`).sort());
  });

  it("writes each market's address its way in the footer", async () => {
    const address = async (market: (typeof MARKETS)[number]) =>
      formatAddress(market, (await seedLandingContent(market)).company.address);
    expect(await address("br")).toMatch(/, São Paulo – SP, \d{5}-\d{3}$/);
    expect(await address("mx")).toMatch(/, 06600 Ciudad de México, CDMX$/);
    expect(await address("ar")).toMatch(/, C1043AAU Buenos Aires, CABA$/);
  });
});

/** The production modules the guard reads: every .ts, .tsx and .mjs below these, and these files. */
const PRODUCTION = ["app", "lib", "sections", "schemas", "studio", "supabase/functions"];
const PRODUCTION_FILES = ["proxy.ts", "next.config.ts", "instrumentation.ts"];
const DECLARATION = "supabase/functions/_shared/markets.ts";
/** Besides tests and generated modules (`*.generated.ts`): the declaration itself, and TypeGen's types. */
const NOT_GUARDED = [DECLARATION, "lib/content/sanity.types.ts"];

function productionModules(): string[] {
  const below = PRODUCTION.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: "utf8" }).map((file) => path.join(dir, file)),
  );
  return [...below, ...PRODUCTION_FILES].filter(
    (file) => /\.(ts|tsx|mjs)$/.test(file) && !/\.(test|generated)\.tsx?$/.test(file) && !NOT_GUARDED.includes(file),
  );
}

/** The strings, template parts and regular expressions a module spells (comments and JSX text are not code). */
function literals(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node)) {
      const text = ts.isRegularExpressionLiteral(node) ? node.text : (node as ts.LiteralLikeNode).text;
      found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * A market code spelled out: the code alone ("mx", "MX"), as a path, alone or in a URL ("/mx", "/br/x",
 * "https://x.com/br"), as a key's or a name's suffix ("landingPage.mx", "SALES_EMAIL_TO_BR"), quoted inside a string
 * (SQL's "market = 'mx'"), as a query's value ("?market=br"), or two codes in an alternation ("mx|br") or a list
 * ("mx,br,ar"). Locale tags ("pt-BR", "es-MX") and words that contain the letters ("mx-auto", "arg") are not.
 */
function spellsMarketCode(text: string): boolean {
  const code = `(?:${MARKETS.join("|")})`;
  // Where a code stands apart: neither a letter, digit, _ nor the hyphen of a locale tag or a class name beside it.
  const [before, after] = ["(?:^|[^\\w-])", "(?=$|[^\\w-])"];
  return new RegExp(
    [
      `^${code}$`,
      `/${code}(?=$|[/?#])`,
      `[._]${code}$`,
      `['"\`]${code}['"\`]`,
      `=${code}${after}`,
      `${before}${code}\\s*[|,]\\s*${code}${after}`,
    ].join("|"),
    "i",
  ).test(text);
}

describe("one declaration of markets", () => {
  it("is the only production module that spells a market code", () => {
    const files = productionModules();
    expect(files).toContain("lib/markets/markets.ts");
    expect(files).toContain("supabase/functions/meta-conversion/index.ts");
    const spelled = files.flatMap((file) =>
      literals(file)
        .filter(({ text }) => spellsMarketCode(text))
        .map(({ text, line }) => `${file}:${line}: ${JSON.stringify(text)}`),
    );
    expect(spelled, `market codes are declared in ${DECLARATION} only`).toEqual([]);
  });

  it("gives operators each market's own sales recipients variable, in .env.example and the deploy guide", () => {
    const example = readFileSync(".env.example", "utf8");
    const deploy = readFileSync("docs/deploy.md", "utf8");
    for (const variable of MARKETS.map(marketRecipientsVariable)) {
      expect(example).toMatch(new RegExp(`^${variable}=`, "m"));
      expect(deploy).toContain(`\`${variable}\``);
    }
  });

  it("catches a code however it is spelled, and nothing else", () => {
    for (const text of [
      "mx",
      "BR",
      "/ar",
      "/mx/precios",
      "/:market(mx|br|ar)/:rest+",
      "(?:mx|br|ar|og)",
      "landingPage.ar",
      "SALES_EMAIL_TO_MX",
      "select count(*) from contact_submissions where market = 'mx'",
      "market in ('mx', 'br')",
      '{"market":"ar"}',
      "/api/results?market=br",
      "/api/results?from=2026-11-01&market=ar&by=page",
      "https://x.com/br",
      "https://pagos.example/mx?utm_source=google",
      "mx,br,ar",
      "mx, br",
    ])
      expect(spellsMarketCode(text), text).toBe(true);
    for (const text of [
      "pt-BR",
      "es-MX",
      "mx-auto",
      "bg-gradient-to-br",
      "<br>",
      "/mxn",
      "arg",
      "MXN",
      "/studio",
      "m|x",
      "es-MX,pt-BR",
      "lang=pt-BR",
      "x=mxn",
      "https://example.com/brand",
      "bar, baz",
      "the 'market' column",
    ])
      expect(spellsMarketCode(text), text).toBe(false);
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
