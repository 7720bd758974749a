import { defineArrayMember, defineField, defineType, type ValidationContext } from "sanity";
import { sectionTypes } from "./sections";
import { portableTextField } from "./fields";
import { EXPERIMENT_WORDS, localisedMessage, type ExperimentWord } from "./experiment-words";
import { localisedField } from "./localised-field";
import { experimentDocumentProblems, variantRoleProblem } from "../lib/experiments/experiment-document-rules";
import { EXPERIMENT_KEY_MAX, isExperimentKey, isVariantKey, VARIANT_KEY_MAX } from "../lib/experiments/experiment-keys";
import { MAX_EXPERIMENT_DAYS, MAX_VARIANTS, MIN_VARIANTS } from "../lib/experiments/experiment-content";
import { slugify } from "../lib/campaign/campaign-slug";
import { SANITY_API_VERSION } from "../lib/content/sanity-api-version";

const en = (word: ExperimentWord) => EXPERIMENT_WORDS[word]["en-US"];
/** A field's English title and description, and the component that shows them in the marketer's language. */
const words = (title: ExperimentWord, description?: ExperimentWord) => ({
  title: en(title),
  ...(description ? { description: en(description) } : {}),
  components: { field: localisedField(title, description) },
});

type Variant = { _key?: string; key?: { current?: string }; weight?: number | null };
type ExperimentDoc = {
  _id?: string;
  key?: { current?: string };
  page?: { _ref?: string };
  variants?: Variant[];
  stoppedAt?: string;
  plannedEnd?: string;
  example?: boolean;
};

const publishedId = (id: string | undefined) => (id ?? "").replace(/^drafts\./, "");

/**
 * The first other experiment that runs on the same page (published, not stopped, before its planned end): the Studio
 * refuses a second, naming this one.
 */
async function runningOnPage(doc: ExperimentDoc, context: ValidationContext): Promise<string | undefined> {
  if (!doc.page?._ref || doc.stoppedAt) return undefined;
  const id = publishedId(doc._id);
  return context
    .getClient({ apiVersion: SANITY_API_VERSION })
    .fetch<string | null>(
      `*[_type == "experiment" && page._ref == $page && !defined(stoppedAt) && plannedEnd > now() && _id != $id] | order(_createdAt asc)[0].name`,
      { page: doc.page._ref, id },
      { perspective: "published" },
    )
    .then((name) => name ?? undefined);
}

/** An A/B test on a market's page or a campaign page: two to four variants, the first being the page as published. */
export const experiment = defineType({
  name: "experiment",
  type: "document",
  ...words("type"),
  fields: [
    defineField({
      name: "example",
      type: "boolean",
      ...words("example"),
      readOnly: true,
      hidden: ({ value }) => value !== true,
    }),
    defineField({ name: "name", type: "string", ...words("name", "nameHelp"), validation: (r) => r.required() }),
    defineField({
      name: "key",
      type: "slug",
      ...words("key", "keyHelp"),
      options: {
        source: "name",
        maxLength: EXPERIMENT_KEY_MAX,
        slugify: (value: string) => slugify(value).slice(0, EXPERIMENT_KEY_MAX).replace(/-+$/, ""),
        // Unique among experiments (its counts and cookies are keyed by it); unknown while the Content Lake cannot be
        // asked, which the publish then settles.
        isUnique: async (key, context) => {
          const id = publishedId(context.document?._id);
          try {
            const others = await context
              .getClient({ apiVersion: SANITY_API_VERSION })
              .fetch<number>(
                `count(*[_type == "experiment" && key.current == $key && !(_id in [$id, "drafts." + $id])])`,
                { key, id },
              );
            return others === 0;
          } catch {
            return true;
          }
        },
      },
      validation: (r) => [
        r.required().error(localisedMessage("required")),
        r.custom((value?: { current?: string }) =>
          value?.current === undefined || isExperimentKey(value.current)
            ? true
            : localisedMessage("keyRule", { max: EXPERIMENT_KEY_MAX }),
        ),
      ],
    }),
    defineField({
      name: "hypothesis",
      type: "text",
      rows: 3,
      ...words("hypothesis", "hypothesisHelp"),
      validation: (r) => r.required().error(localisedMessage("required")),
    }),
    defineField({
      name: "page",
      type: "reference",
      to: [{ type: "landingPage" }, { type: "campaignPage" }],
      ...words("page", "pageHelp"),
      validation: (r) => [
        r.required().error(localisedMessage("required")),
        r.custom(async (_value, context) => {
          const running = await runningOnPage((context.document ?? {}) as ExperimentDoc, context).catch(
            () => undefined,
          );
          return running ? localisedMessage("alreadyRunning", { name: running }) : true;
        }),
      ],
    }),
    defineField({
      name: "variants",
      type: "array",
      ...words("variants", "variantsHelp"),
      of: [
        defineArrayMember({
          type: "object",
          name: "experimentVariant",
          title: en("variant"),
          fields: [
            defineField({
              name: "name",
              type: "string",
              ...words("variantName"),
              validation: (r) => r.required().error(localisedMessage("required")),
            }),
            defineField({
              name: "key",
              type: "slug",
              ...words("key"),
              options: {
                source: (_doc, { parent }) => (parent as { name?: string } | undefined)?.name ?? "",
                maxLength: VARIANT_KEY_MAX,
                slugify: (value: string) => slugify(value).slice(0, VARIANT_KEY_MAX).replace(/-+$/, ""),
                // Unique within the experiment: checked by the array's rule.
                isUnique: () => true,
              },
              validation: (r) => [
                r.required().error(localisedMessage("required")),
                r.custom((value?: { current?: string }) =>
                  value?.current === undefined || isVariantKey(value.current)
                    ? true
                    : localisedMessage("keyRule", { max: VARIANT_KEY_MAX }),
                ),
              ],
            }),
            defineField({
              name: "weight",
              type: "number",
              ...words("weight", "weightHelp"),
              validation: (r) => r.min(1).max(99).integer(),
            }),
            defineField({
              name: "hero",
              type: "object",
              title: "Hero",
              fields: [
                defineField({ name: "title", type: "string", ...words("heroTitle") }),
                {
                  ...portableTextField("body", en("heroBody"), ""),
                  ...words("heroBody"),
                  validation: undefined,
                },
                defineField({ name: "cta", type: "string", ...words("heroCta") }),
                defineField({
                  name: "defaultAmount",
                  type: "number",
                  ...words("defaultAmount"),
                  validation: (r) => r.integer().positive(),
                }),
              ],
            }),
            defineField({ name: "benefits", type: "benefits", ...words("benefits") }),
            defineField({
              name: "sections",
              type: "array",
              ...words("sections"),
              of: sectionTypes.map((section) => defineArrayMember({ type: section.name })),
            }),
          ],
          // The control is the page as published; every other variant must change something.
          validation: (r) =>
            r.custom((value: { _key?: string } | undefined, context) => {
              const variants = ((context.document as ExperimentDoc | undefined)?.variants ?? []) as Variant[];
              const problem = variantRoleProblem(
                value,
                variants.findIndex((v) => v._key === value?._key),
              );
              return problem ? localisedMessage(problem) : true;
            }),
          preview: {
            select: { name: "name", key: "key.current", weight: "weight", title: "hero.title" },
            prepare: ({
              name,
              key,
              weight,
              title,
            }: {
              name?: string;
              key?: string;
              weight?: number;
              title?: string;
            }) => ({
              title: name ?? key ?? en("variant"),
              subtitle: [key, weight ? `${weight}%` : undefined, title].filter(Boolean).join(" · "),
            }),
          },
        }),
      ],
      validation: (r) => [
        r.min(MIN_VARIANTS).error(localisedMessage("variantCount")),
        r.max(MAX_VARIANTS).error(localisedMessage("variantCount")),
        r.custom((variants?: Variant[]) => {
          if (!variants) return true;
          const keys = variants.map((v) => v.key?.current).filter(Boolean);
          if (new Set(keys).size !== keys.length) return localisedMessage("variantKeyTaken");
          const weights = variants.map((v) => v.weight ?? null);
          const set = weights.filter((w) => w !== null);
          if (set.length === 0) return true;
          const total = set.reduce((a, b) => a + b, 0);
          return set.length === weights.length && total === 100 ? true : localisedMessage("weightsSum");
        }),
      ],
    }),
    defineField({
      name: "metric",
      type: "string",
      ...words("metric"),
      initialValue: "leadRate",
      options: {
        list: [
          { value: "leadRate", title: en("leadRate") },
          { value: "qualifiedLeadRate", title: en("qualifiedLeadRate") },
        ],
        layout: "radio",
      },
      validation: (r) => [
        r.required().error(localisedMessage("required")),
        r.custom((value?: string) => (value === "qualifiedLeadRate" ? localisedMessage("qualifiedUnavailable") : true)),
      ],
    }),
    defineField({
      name: "plannedEnd",
      type: "datetime",
      ...words("plannedEnd", "plannedEndHelp"),
      initialValue: () => new Date(Date.now() + 28 * 86_400_000).toISOString(),
      validation: (r) => [
        r.required().warning(localisedMessage("endMissing")),
        r.custom((value: string | undefined, context) => {
          if (!value || (context.document as ExperimentDoc | undefined)?.stoppedAt) return true;
          const end = Date.parse(value);
          if (end > Date.now() + MAX_EXPERIMENT_DAYS * 86_400_000) return localisedMessage("endTooFar");
          return true;
        }),
        r
          .custom((value: string | undefined, context) =>
            value && !(context.document as ExperimentDoc | undefined)?.stoppedAt && Date.parse(value) <= Date.now()
              ? localisedMessage("endPast")
              : true,
          )
          .warning(),
      ],
    }),
    defineField({ name: "stoppedAt", type: "datetime", ...words("stoppedAt"), readOnly: true }),
    defineField({
      name: "shipped",
      type: "string",
      ...words("shipped"),
      readOnly: true,
      hidden: ({ value }) => !value,
    }),
    defineField({ name: "conclusion", type: "text", rows: 3, ...words("conclusion", "conclusionHelp") }),
  ],
  validation: (rule) => [
    rule.custom(async (doc) => {
      if (!doc) return true;
      const problems = await experimentDocumentProblems(doc as Parameters<typeof experimentDocumentProblems>[0]);
      return problems.length === 0
        ? true
        : problems.map((problem) => ({ path: problem.path, message: `The site refuses this: ${problem.message}` }));
    }),
    rule
      .custom((doc) => ((doc as ExperimentDoc | undefined)?.example ? localisedMessage("exampleWarning") : true))
      .warning(),
  ],
  preview: {
    select: { name: "name", key: "key.current", stoppedAt: "stoppedAt", example: "example" },
    prepare: ({
      name,
      key,
      stoppedAt,
      example,
    }: {
      name?: string;
      key?: string;
      stoppedAt?: string;
      example?: boolean;
    }) => ({
      title: `${example ? "[example] " : ""}${name ?? key ?? en("type")}`,
      subtitle: stoppedAt ? `${en("stoppedAt")} ${stoppedAt.slice(0, 10)}` : key,
    }),
  },
});
