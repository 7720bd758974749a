/**
 * Sales' verdicts on a lead, as the email links, the CRM endpoint, the database (lead_stages) and the ad platforms name
 * them. A lead's stage is its latest verdict; a changed mind is a new one.
 */
export const STAGES = ["qualified", "not_qualified", "customer"] as const;
export type Stage = (typeof STAGES)[number];

/** Why a lead does not qualify (the reasons sales picks from, in this order). */
export const NOT_QUALIFIED_REASONS = [
  "not_a_business",
  "outside_corridors",
  "below_minimum",
  "duplicate",
  "spam",
] as const;
export type NotQualifiedReason = (typeof NOT_QUALIFIED_REASONS)[number];

/** What set a stage: the signed link in the sales email, or a CRM through POST /api/leads/stage. */
export type StageSource = "email_link" | "crm";

/** The stages reported to the ad platforms: the Lead at capture, then each positive verdict. */
export const CONVERSION_STAGES = ["lead", "qualified", "customer"] as const;
export type ConversionStage = (typeof CONVERSION_STAGES)[number];

export const isStage = (value: unknown): value is Stage =>
  typeof value === "string" && (STAGES as readonly string[]).includes(value);
export const isNotQualifiedReason = (value: unknown): value is NotQualifiedReason =>
  typeof value === "string" && (NOT_QUALIFIED_REASONS as readonly string[]).includes(value);

/** A recorded stage as the store answers it. */
export type RecordedStage = {
  stage: Stage;
  reason: NotQualifiedReason | null;
  source: StageSource;
  recordedAt: string;
};
