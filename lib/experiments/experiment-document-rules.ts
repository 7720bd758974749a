import { evaluate, parse } from "groq-js";
import { z } from "zod";
import { keyedPath, type DocumentProblem } from "../content/landing-document-rules";
import { EXPERIMENT_VARIANTS_QUERY } from "../content/queries";
import { variantOverriddenFields, variantOverridesSchema } from "./experiment-content";

type Doc = { _id?: string; _type?: string; key?: { current?: string }; variants?: unknown; [field: string]: unknown };

/** Why a variant is refused by position: the control must override nothing, every other variant something. */
export type VariantRole = "controlOverrides" | "nothingOverridden";

/**
 * What the site would refuse in an experiment's variants, each problem on its field: the variant route's query
 * (through groq-js, as the embedded dataset runs it) and the variants' contract, the rules a campaign page's
 * overrides follow (copy limits, three benefit cards, the sections' contracts).
 */
export async function experimentDocumentProblems(doc: Doc): Promise<DocumentProblem[]> {
  const params = { key: doc.key?.current ?? "" };
  const stopped = { ...doc, stoppedAt: undefined, _type: "experiment" };
  const projected = (await (
    await evaluate(parse(EXPERIMENT_VARIANTS_QUERY, { params }), { dataset: [stopped], params })
  ).get()) as { variants?: unknown } | null;
  if (!projected) return [];
  // A variant's key is checked on its own field (the Studio shows the slug rule there).
  const parsed = z.array(variantOverridesSchema.omit({ key: true })).safeParse(projected.variants ?? []);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => ({
    path: keyedPath(doc, ["variants", ...issue.path]),
    message: issue.message,
  }));
}

/** A variant's problem by its position: the first is the control (overrides nothing), the others override something. */
export function variantRoleProblem(variant: unknown, index: number): VariantRole | undefined {
  const v = (variant ?? {}) as {
    hero?: { title?: unknown; body?: unknown[]; cta?: unknown; defaultAmount?: unknown };
    benefits?: unknown;
    sections?: unknown[];
  };
  const overridden =
    variantOverriddenFields({
      hero: {
        title: (v.hero?.title as string | undefined) || null,
        body: v.hero?.body?.length ? [] : null,
        cta: (v.hero?.cta as string | undefined) || null,
        defaultAmount: (v.hero?.defaultAmount as number | undefined) ?? null,
      },
      benefits: v.benefits ? ({} as never) : null,
      sections: v.sections?.length ? [] : null,
    }).length > 0;
  if (index === 0) return overridden ? "controlOverrides" : undefined;
  return overridden ? undefined : "nothingOverridden";
}
