import { z } from "zod";
import { httpsUrl, optionalText, short, text } from "../../lib/content/content-fields";

const point = z.object({ title: short("cardTitle"), body: text });

/**
 * Regulation and safety: who the company is (its legal entity, from the document's company facts), every licence
 * or registration with its regulator and a link to the public register, and how client funds, compliance (KYC/AML)
 * and data are protected.
 */
export const regulationSection = z.object({
  _type: z.literal("regulationSection"),
  _key: z.string(),
  title: short("sectionTitle"),
  intro: optionalText,
  entityLabel: short("fieldLabel"),
  licences: z
    .array(
      z.object({
        _key: z.string(),
        regulator: text,
        kind: text,
        number: text,
        registerUrl: httpsUrl,
        registerLabel: short("heroCta"),
      }),
    )
    .min(1, "name at least one licence or registration"),
  funds: point,
  compliance: point,
  dataSecurity: point,
});
export type RegulationSection = z.infer<typeof regulationSection>;
