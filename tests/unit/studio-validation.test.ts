import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSchema, validateDocument, type SanityDocument, type Workspace } from "sanity";
import { describe, expect, it } from "vitest";
import { COPY_LIMITS } from "@/lib/content/copy-limits";
import { parseLanding } from "@/lib/content/landing-content";
import { queryLocalDataset } from "@/lib/content/local-dataset";
import { LANDING_QUERY } from "@/lib/content/queries";
import type { LANDING_QUERY_RESULT } from "@/lib/content/sanity.types";
import { schemaTypes } from "@/schemas";
import { readDataset } from "../support/sanity/dataset-file";

const SEED = "studio/seed/landing.ndjson";
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Doc = SanityDocument & Record<string, any>;

/** Just enough of a workspace for Sanity's own document validation, as the Studio runs it: our schema, no network. */
const workspace = {
  schema: createSchema({ name: "default", types: schemaTypes }),
  getClient: () => {
    throw new Error("validation must not need the Content Lake");
  },
} as unknown as Workspace;

type Marker = { level: string; message: string; path: unknown[] };
const validate = (document: Doc) =>
  validateDocument({ document, workspace, environment: "studio", getDocumentExists: async () => true }) as Promise<
    Marker[]
  >;

/** What the site does with the same document: the page's query over it, then the page's contract. */
async function siteRefuses(doc: Doc): Promise<boolean> {
  const file = join(mkdtempSync(join(tmpdir(), "studio-validation-")), "landing.ndjson");
  writeFileSync(file, JSON.stringify(doc) + "\n");
  try {
    parseLanding(
      await queryLocalDataset<LANDING_QUERY_RESULT>(file, LANDING_QUERY, { market: doc.market }, "published"),
      "test",
    );
    return false;
  } catch {
    return true;
  }
}

const seed = readDataset(SEED).filter((d) => d._type === "landingPage") as Doc[];
const mx = () => structuredClone(seed.find((d) => d.market === "mx")!);
const keyOf = (items: { _key: string }[], i: number) => ({ _key: items[i]!._key });

/** Broken documents, each with the path where the Studio must show the error. */
const CORPUS: { name: string; doc: Doc; path: unknown[] }[] = [
  { name: "a currency from another market", doc: { ...mx(), currency: "ARS" }, path: ["currency"] },
  { name: "a locale from another market", doc: { ...mx(), locale: "pt-BR" }, path: ["locale"] },
  ...(() => {
    const d = mx();
    d.contact.approxUpTo = "hasta aproximadamente";
    return [{ name: "a range template without {amount}", doc: d, path: ["contact", "approxUpTo"] }];
  })(),
  ...(() => {
    const d = mx();
    d.contact.volumeOptions[2].approx = 170_000;
    return [
      {
        name: "an equivalent on a middle range",
        doc: d,
        path: ["contact", "volumeOptions", keyOf(d.contact.volumeOptions, 2), "approx"],
      },
    ];
  })(),
  ...(() => {
    // Reordered ranges: the problem still points at the item the marketer sees, not at its position in code order.
    const d = mx();
    d.contact.volumeOptions.reverse();
    delete d.contact.volumeOptions[4].approx;
    return [
      {
        name: "a missing equivalent, ranges reordered",
        doc: d,
        path: ["contact", "volumeOptions", keyOf(d.contact.volumeOptions, 4), "approx"],
      },
    ];
  })(),
  ...(() => {
    const d = mx();
    d.contact.countryOptions = d.contact.countryOptions.filter((o: { value: string }) => o.value !== "colombia");
    return [{ name: "a missing option label", doc: d, path: ["contact", "countryOptions"] }];
  })(),
  ...(() => {
    const d = mx();
    d.contact.reasonOptions[1].label = "   ";
    return [
      {
        name: "a blank option label",
        doc: d,
        path: ["contact", "reasonOptions", keyOf(d.contact.reasonOptions, 1), "label"],
      },
    ];
  })(),
  ...(() => {
    const d = mx();
    d.benefits.cards.pop();
    return [{ name: "two benefit cards", doc: d, path: ["benefits", "cards"] }];
  })(),
  ...(() => {
    const d = mx();
    d.hero.highlight = "x".repeat(COPY_LIMITS.heroHighlight.max + 1);
    return [{ name: "a highlight too long for a phone", doc: d, path: ["hero", "highlight"] }];
  })(),
  ...(() => {
    const d = mx();
    d.contact.reasonOptions[2].label = "y".repeat(COPY_LIMITS.optionLabel.max + 1);
    return [
      {
        name: "an option label too long for a phone",
        doc: d,
        path: ["contact", "reasonOptions", keyOf(d.contact.reasonOptions, 2), "label"],
      },
    ];
  })(),
  ...(() => {
    const d = mx();
    delete d.hero.cta;
    return [{ name: "a missing call to action", doc: d, path: ["hero", "cta"] }];
  })(),
  ...(() => {
    const d = mx();
    d.benefits.cards[0].icon = "rocket";
    return [{ name: "an unknown icon", doc: d, path: ["benefits", "cards", keyOf(d.benefits.cards, 0), "icon"] }];
  })(),
];

/** A section of the mx seed, by type, with its `{_key}` path segment. */
const section = (d: Doc, type: string) => {
  const item = d.sections.find((x: { _type: string }) => x._type === type);
  return { item, at: ["sections", { _key: item._key }] };
};

/** Broken sections and company facts, each refused by the site and shown on its own field. */
const SECTION_CORPUS: { name: string; doc: Doc; path: unknown[] }[] = [
  ...(() => {
    const d = mx();
    const { item, at } = section(d, "howItWorksSection");
    item.steps.splice(2);
    return [{ name: "a how-it-works section with two steps", doc: d, path: [...at, "steps"] }];
  })(),
  ...(() => {
    const d = mx();
    const { item, at } = section(d, "proofSection");
    delete item.logos[1].alt;
    return [
      { name: "a client logo without alternative text", doc: d, path: [...at, "logos", keyOf(item.logos, 1), "alt"] },
    ];
  })(),
  ...(() => {
    const d = mx();
    const { item, at } = section(d, "proofSection");
    delete item.logos[0].asset;
    delete item.logos[0]._sanityAsset;
    return [{ name: "a client logo never uploaded", doc: d, path: [...at, "logos", keyOf(item.logos, 0)] }];
  })(),
  ...(() => {
    const d = mx();
    const { item, at } = section(d, "proofSection");
    delete item.figures[2].note;
    return [
      { name: "a figure without its footnote", doc: d, path: [...at, "figures", keyOf(item.figures, 2), "note"] },
    ];
  })(),
  ...(() => {
    const d = mx();
    const { item, at } = section(d, "regulationSection");
    item.licences[0].registerUrl = "http://www.cnbv.gob.mx/padron";
    return [
      {
        name: "a public register over plain http",
        doc: d,
        path: [...at, "licences", keyOf(item.licences, 0), "registerUrl"],
      },
    ];
  })(),
  ...(() => {
    const d = mx();
    const { item, at } = section(d, "faqSection");
    item.items = [];
    return [{ name: "an FAQ without questions", doc: d, path: [...at, "items"] }];
  })(),
  ...(() => {
    const d = mx();
    const { item, at } = section(d, "callToActionSection");
    item.cta = "Solicita hoy mismo una propuesta a tu medida";
    return [{ name: "a second call to action too long for a phone", doc: d, path: [...at, "cta"] }];
  })(),
  ...(() => {
    const d = mx();
    d.hero.estimate.ours.fxMarginPercent = 3;
    return [{ name: "an estimate where we cost more than the bank", doc: d, path: ["hero", "estimate", "ours"] }];
  })(),
  ...(() => {
    const d = mx();
    d.company.email = "ventas en puentepagos";
    return [{ name: "a sales email that is not one", doc: d, path: ["company", "email"] }];
  })(),
  ...(() => {
    const d = mx();
    delete d.benefits.cards[0].claim;
    return [
      {
        name: "a benefit card without its figure",
        doc: d,
        path: ["benefits", "cards", keyOf(d.benefits.cards, 0), "claim"],
      },
    ];
  })(),
];

/** Broken follow-up content: templates with a placeholder the site does not fill, or without the one it needs. */
const FOLLOW_UP_CORPUS: { name: string; doc: Doc; path: unknown[] }[] = [
  ...(() => {
    const d = mx();
    d.followUp.whatsappAfter = "Hola, soy {name}. Mi referencia es {reference}.";
    return [{ name: "a WhatsApp message with an unknown placeholder", doc: d, path: ["followUp", "whatsappAfter"] }];
  })(),
  ...(() => {
    const d = mx();
    d.followUp.emailContactTime = "Te llamaremos pronto.";
    return [{ name: "an email sentence without {when}", doc: d, path: ["followUp", "emailContactTime"] }];
  })(),
  ...(() => {
    const d = mx();
    d.followUp.emailSubject = "Solicitud {referencia}";
    return [{ name: "a misspelt placeholder in the email's subject", doc: d, path: ["followUp", "emailSubject"] }];
  })(),
  ...(() => {
    const d = mx();
    d.followUp.closes = "08:00";
    return [{ name: "sales closing before they open", doc: d, path: ["followUp", "closes"] }];
  })(),
  ...(() => {
    const d = mx();
    d.followUp.timeZone = "CDMX";
    return [{ name: "a time zone that is not one", doc: d, path: ["followUp", "timeZone"] }];
  })(),
];

const samePath = (a: unknown[], b: unknown[]) => JSON.stringify(a) === JSON.stringify(b);

describe("the Studio validates with the site's own rules", () => {
  it.each(seed.map((d) => [d.market, d] as const))("the %s seed document has no errors", async (_market, doc) => {
    expect(await siteRefuses(doc)).toBe(false);
    const markers = await validate(doc);
    expect(markers.filter((m) => m.level === "error")).toEqual([]);
    // Besides the illustrative facts, at most a length warning, where the copy was chosen knowingly (Brazil's
    // payment reason is clipped in the closed select on a 360 px phone, and shown whole in the open list).
    for (const m of markers) expect(m.message).toMatch(/360 px|To confirm before launch/);
  });

  it.each(seed.map((d) => [d.market, d] as const))(
    "the %s seed's illustrative facts are each marked “to confirm before launch”",
    async (_market, doc) => {
      const flagged = (await validate(doc))
        .filter((m) => m.level === "warning" && /To confirm before launch/.test(m.message))
        .map((m) => JSON.stringify(m.path));
      const proof = section(doc, "proofSection");
      const regulation = section(doc, "regulationSection");
      const expected = [
        ["company", "toConfirm"],
        ["hero", "estimate", "toConfirm"],
        ["followUp", "toConfirm"],
        [...regulation.at, "toConfirm"],
        ...regulation.item.licences.map((l: { _key: string }) => [
          ...regulation.at,
          "licences",
          { _key: l._key },
          "toConfirm",
        ]),
        ...(["figures", "logos", "testimonials"] as const).flatMap((list) =>
          proof.item[list].map((x: { _key: string }) => [...proof.at, list, { _key: x._key }, "toConfirm"]),
        ),
      ];
      expect(flagged.sort()).toEqual(expected.map((p) => JSON.stringify(p)).sort());
    },
  );

  it.each([...CORPUS, ...SECTION_CORPUS, ...FOLLOW_UP_CORPUS].map((c) => [c.name, c] as const))(
    "%s: refused by the site, an error on its field in the Studio",
    async (_name, { doc, path }) => {
      expect(await siteRefuses(doc)).toBe(true);
      const errors = (await validate(doc)).filter((m) => m.level === "error");
      expect(errors.map((e) => e.path)).toContainEqual(path);
      expect(errors.find((e) => samePath(e.path, path))?.message).toMatch(/\S/);
    },
  );

  it("reports every problem at once, the market mismatch included", async () => {
    const doc: Doc = { ...mx(), currency: "BRL" };
    doc.hero.cta = "";
    const paths = (await validate(doc)).filter((m) => m.level === "error").map((m) => m.path);
    expect(paths).toContainEqual(["currency"]);
    expect(paths).toContainEqual(["hero", "cta"]);
  });

  it("warns before the limit, and only errors past it", async () => {
    const doc = mx();
    doc.hero.highlight = "x".repeat(COPY_LIMITS.heroHighlight.warn + 1);
    const markers = (await validate(doc)).filter((m) => samePath(m.path, ["hero", "highlight"]));
    expect(markers.map((m) => m.level)).toEqual(["warning"]);
    expect(await siteRefuses(doc)).toBe(false);
  });
});

describe("an experiment in the Studio", () => {
  const experiments = () => readDataset(SEED).filter((d) => d._type === "experiment") as Doc[];
  const running = () => structuredClone(experiments().find((d) => !d.stoppedAt)!);
  const errorsOf = async (doc: Doc, on = workspace) =>
    (
      (await validateDocument({
        document: doc,
        workspace: on,
        environment: "studio",
        getDocumentExists: async () => true,
      })) as Marker[]
    ).filter((m) => m.level === "error");

  it("accepts the seed's examples, and says on each that it is an example to delete", async () => {
    for (const doc of experiments()) {
      const markers = await validate(doc);
      expect(
        markers.filter((m) => m.level === "error"),
        doc._id,
      ).toEqual([]);
      expect(markers.map((m) => m.message).join("\n"), doc._id).toMatch(/example from the seed dataset: delete it/);
    }
  });

  it("refuses a control that overrides, a variant that overrides nothing or breaks the page's rules, a broken split", async () => {
    const cases: [string, (d: Doc) => void, unknown[]][] = [
      [
        "a control with a title",
        (d) => (d.variants[0].hero = { title: "Otro título" }),
        ["variants", { _key: "control" }],
      ],
      ["a variant overriding nothing", (d) => delete d.variants[1].hero, ["variants", { _key: "ahorro" }]],
      [
        "a title past its length",
        (d) => (d.variants[1].hero.title = "Paga a tus proveedores en China y ahorra en cada pago que hagas hoy mismo"),
        ["variants", { _key: "ahorro" }, "hero", "title"],
      ],
      ["shares not adding up to 100", (d) => ((d.variants[0].weight = 60), (d.variants[1].weight = 60)), ["variants"]],
      ["one variant", (d) => d.variants.pop(), ["variants"]],
      ["a metric sales cannot measure yet", (d) => (d.metric = "qualifiedLeadRate"), ["metric"]],
      [
        "an end beyond 90 days",
        (d) => (d.plannedEnd = new Date(Date.now() + 120 * 86_400_000).toISOString()),
        ["plannedEnd"],
      ],
      ["a key off the rule", (d) => (d.key = { _type: "slug", current: "Título" }), ["key"]],
    ];
    for (const [name, edit, path] of cases) {
      const doc = running();
      edit(doc);
      const errors = await errorsOf(doc);
      expect(
        errors.map((e) => e.path),
        name,
      ).toContainEqual(path);
    }
  });

  it("refuses a second running experiment on a page, naming the one already running", async () => {
    const withLake = {
      ...workspace,
      getClient: () => ({ fetch: async (query: string) => (query.includes("page._ref") ? "Título con ahorro" : 0) }),
    } as unknown as Workspace;
    const doc = { ...running(), _id: "drafts.otro", key: { _type: "slug", current: "otro" } };
    const errors = await errorsOf(doc, withLake);
    expect(errors.find((e) => JSON.stringify(e.path) === '["page"]')?.message).toMatch(
      /“Título con ahorro” is already running/,
    );
  });
});
