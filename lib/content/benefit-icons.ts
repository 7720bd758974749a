/** Icon names a benefit card may use; the landing page draws each as an inline SVG. */
export const BENEFIT_ICONS = ["clock", "percent", "globe"] as const;
export type BenefitIcon = (typeof BENEFIT_ICONS)[number];
