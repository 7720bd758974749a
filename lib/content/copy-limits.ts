/**
 * How long each short visible text may be, in characters, before it breaks the landing page on a 360 px wide
 * phone: past `warn` the Studio warns (the text is getting tight), past `max` the site refuses the document and the
 * Studio shows an error. Measured with scripts/measure-copy-limits.ts (see there for how).
 */
export const COPY_LIMITS = {
  brandName: { warn: 16, max: 20 },
  contactButton: { warn: 10, max: 12 },
  heroHighlight: { warn: 40, max: 48 },
  heroTitle: { warn: 60, max: 72 },
  heroCta: { warn: 24, max: 28 },
  sectionTitle: { warn: 56, max: 70 },
  cardTitle: { warn: 32, max: 40 },
  cardClaim: { warn: 10, max: 12 },
  fieldLabel: { warn: 32, max: 40 },
  placeholder: { warn: 40, max: 44 },
  optionLabel: { warn: 44, max: 52 },
  volumeLabel: { warn: 24, max: 28 },
  submit: { warn: 20, max: 24 },
  toastTitle: { warn: 40, max: 48 },
} as const satisfies Record<string, { warn: number; max: number }>;

export type CopyLimit = keyof typeof COPY_LIMITS;

export function limitMessage(kind: CopyLimit, level: "warn" | "max"): string {
  const n = COPY_LIMITS[kind][level];
  return level === "max"
    ? `At most ${n} characters: longer breaks the page on a 360 px wide phone.`
    : `Over ${n} characters gets tight on a 360 px wide phone; at ${COPY_LIMITS[kind].max} it breaks.`;
}
