/**
 * How long each short visible text may be, in characters, before it breaks the landing page on a 360 px wide
 * phone: past `warn` the Studio warns (the text is getting tight), past `max` the site refuses the document and the
 * Studio shows an error. Measured on the production build with scripts/measure-copy-limits.ts (see there for how):
 * `max` is the longest text that still keeps each element's rule below in all three markets' copy; `warn` leaves a
 * margin (some words are wider than others).
 */
export const COPY_LIMITS = {
  // The header's one row: brand, flag button, contact button.
  brandName: { warn: 14, max: 17 },
  contactButton: { warn: 11, max: 13 },
  // The badge above the headline stays one line.
  heroHighlight: { warn: 36, max: 40 },
  // The headline within four lines, section titles within three, card titles within two.
  heroTitle: { warn: 58, max: 66 },
  sectionTitle: { warn: 54, max: 59 },
  cardTitle: { warn: 40, max: 48 },
  // Buttons and the card's big figure stay on one line.
  heroCta: { warn: 28, max: 32 },
  submit: { warn: 22, max: 27 },
  cardClaim: { warn: 14, max: 17 },
  // A field label warns past one line and stops at two.
  fieldLabel: { warn: 38, max: 73 },
  // A placeholder is clipped by its field, never wrapped.
  placeholder: { warn: 26, max: 30 },
  // A closed select shows the chosen option on one line and clips it past ~28 characters (the warning); the open
  // list on a phone shows about two such lines (the limit).
  optionLabel: { warn: 28, max: 54 },
  // A toast's title within two lines.
  toastTitle: { warn: 60, max: 74 },
  // The savings estimate's column heading and row labels within two lines beside their figures.
  estimateColumn: { warn: 22, max: 27 },
  estimateRow: { warn: 28, max: 33 },
  // A proof figure ("+1.200", "USD 480 M") stays on one line.
  figureValue: { warn: 13, max: 16 },
} as const satisfies Record<string, { warn: number; max: number }>;

export type CopyLimit = keyof typeof COPY_LIMITS;

export function limitMessage(kind: CopyLimit, level: "warn" | "max"): string {
  const n = COPY_LIMITS[kind][level];
  return level === "max"
    ? `At most ${n} characters: longer breaks the page on a 360 px wide phone.`
    : `Over ${n} characters gets tight on a 360 px wide phone; at ${COPY_LIMITS[kind].max} it breaks.`;
}
