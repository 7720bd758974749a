import type { LandingContent } from "@/lib/content/landing-content";
import type { SelectName } from "@/lib/leads/options";

export type Option = { value: string; label: string };

/** The content the form shows: labels and messages straight from content, options already labelled. */
export type ContactFormCopy = Pick<
  LandingContent["contact"],
  | "fields"
  | "submit"
  | "submitting"
  | "submittingLabel"
  | "missingAll"
  | "missingHint"
  | "emailInvalid"
  | "phoneInvalid"
  | "phoneOtherCountry"
  | "phoneUsePrefix"
  | "phoneNotOffered"
  | "successTitle"
  | "successMessage"
  | "successNext"
  | "errorTitle"
  | "errorMessage"
  | "errorInvalid"
  | "errorRateLimited"
  | "invalidField"
  | "toasterLabel"
> & { options: Record<SelectName, Option[]> };

/** The visitor's fields in page order; the prefix has a default and is never missing. */
export const REQUIRED = ["company", "contact", "email", "phone", "country", "reason", "volume"] as const;
export type FieldName = (typeof REQUIRED)[number];
