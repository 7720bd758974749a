/**
 * The contact form's sentences, built from content templates in the market's language: "{fields}", "{code}",
 * "{country}" and "{minutes}" are filled here, with the browser's Intl for lists, unit names and country names.
 */

/** Replaces each `{name}` of a content template. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/**
 * A field's label inside a sentence ("Falta: correo electrónico"): its first letter lowered, unless the label starts
 * with an acronym ("DDI", "CNPJ da empresa").
 */
export function labelInSentence(label: string, locale: string): string {
  return /^\p{Lu}\p{Lu}/u.test(label) ? label : label.charAt(0).toLocaleLowerCase(locale) + label.slice(1);
}

/** "a, b y c" / "a, b e c": the labels as the market writes a list. */
export function listOf(labels: string[], locale: string): string {
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(
    labels.map((l) => labelInSentence(l, locale)),
  );
}

/**
 * Whole minutes to wait from a 429's `Retry-After` (seconds, or an HTTP date), at least one: "5 minutos" reads
 * better than a count of seconds, and rounding up never tells a visitor to come back too early.
 */
export function retryAfterMinutes(header: string | null, now = Date.now()): number {
  const value = header?.trim() ?? "";
  const seconds = /^\d+$/.test(value) ? Number(value) : (Date.parse(value) - now) / 1000;
  return Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds / 60)) : 1;
}

/** "1 minuto", "5 minutos", "2 minutos": the unit written out in the market's language. */
export function minutesIn(minutes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "unit", unit: "minute", unitDisplay: "long" }).format(minutes);
}

/** A country's name in the market's language ("Argentina", "Estados Unidos", "Canadá"), or undefined. */
export function countryName(country: string | undefined, locale: string): string | undefined {
  if (!country) return undefined;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(country);
  } catch {
    return undefined;
  }
}
