/**
 * The characters lead text may hold: the one rule for every text a lead carries (company, contact, the campaign's
 * attribution), applied by the route (lib/contact/contact-schema.ts), the attribution cleaning
 * (lib/attribution/campaign-touch.ts) and the database CHECKs (supabase/migrations), which use the same classes.
 * Written as regular-expression class ranges that JavaScript and PostgreSQL read alike.
 */

/**
 * Refused: C0 and C1 controls (NUL included, which PostgreSQL cannot store; U+0085 and U+009B among them), DEL, the
 * line and paragraph separators, and the direction marks, embeddings, overrides and isolates. Each can make a value
 * display as something else: a second line in a plain-text alert, a name that reads backwards.
 */
export const REFUSED_RANGES =
  "\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069";

/**
 * Removed without a word: the zero-width space, non-joiner and joiner, the word joiner and the byte order mark.
 * Invisible and harmless, they come with pasted text, and refusing them would cost a visitor a lead over a
 * character they cannot see.
 */
export const INVISIBLE_RANGES = "\\u200b-\\u200d\\u2060\\ufeff";

/**
 * What a spreadsheet reads as the start of a formula (`=HYPERLINK(...)`, `+`, `-`, `@`; a leading tab or CR is a
 * control, refused or removed anyway). Each field of a lead says what happens to text starting so
 * (lib/leads/lead-fields.ts, `spreadsheet`): a name or an email address never starts with one, so it is refused
 * rather than stored altered, and CSV exports and CRMs show what the visitor typed; a campaign parameter comes from a
 * link and must never cost a lead, so it is neutralised; a click id is dropped.
 */
export const FORMULA_START_CHARACTERS = "=+\\-@";

const REFUSED = new RegExp(`[${REFUSED_RANGES}]`, "u");
const INVISIBLE = new RegExp(`[${INVISIBLE_RANGES}]`, "gu");
const FORMULA_START = new RegExp(`^[${FORMULA_START_CHARACTERS}]`, "u");

export const withoutInvisible = (value: string): string => value.replace(INVISIBLE, "");
export const hasRefusedCharacter = (value: string): boolean => REFUSED.test(value);
export const startsLikeFormula = (value: string): boolean => FORMULA_START.test(value);

/**
 * The value as a spreadsheet shows it as text: behind an apostrophe when it starts like a formula (OWASP's advice
 * for CSV injection). Stored so, it reads the same in the table, a CSV export, the webhook and the email.
 */
export const neutraliseFormula = (value: string): string => (startsLikeFormula(value) ? `'${value}` : value);
