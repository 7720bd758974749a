import { CLICK_ID_PARAMS, UTM_PARAMS, type ClickIdParam, type UtmParam } from "../attribution/campaign-touch.ts";
import { COUNTRIES, PHONE_PREFIXES, REASONS, VOLUMES } from "./options.ts";

/**
 * A lead's fields, declared once: what the visitor fills in, what the page adds and what the route records, each with
 * its column in `contact_submissions`. The form's controls and the line naming what is missing, the route's schema
 * (lib/contact/contact-schema.ts), the content contract and the Studio's labels, the row the stores insert and the
 * one a release reads back, anon's INSERT columns, the constraints a 422 names, the logger's redaction and the local
 * sinks come from here. What cannot be derived is held to it by a test: the migrations' CHECKs and grants
 * (tests/integration/migrations.test.ts), the landing query's literal projection, the sales email's rows and the
 * webhook's keys (tests/unit/lead-fields.test.ts). docs/development.md#adding-a-form-field says what a new one touches.
 *
 * Imported by the form (a client component), so it holds data and the lists derived from it, nothing heavier.
 */

/**
 * How a column's value stays what it is when a spreadsheet or a CRM reads it: a value starting with `=`, `+`, `-` or
 * `@` is run as a formula (`=HYPERLINK(…)` in a CSV export), and a leading tab or carriage return is a control
 * character, which every lead text refuses or drops (lib/leads/lead-text.ts). The first three are "text a spreadsheet
 * may read": free text the visitor or a link chose, each with its rule, enforced by the route and by a CHECK.
 */
export type SpreadsheetRule =
  /** Typed by the visitor: such a value is refused (the form's own check, the route's 422 naming the field). */
  | "refuse"
  /**
   * From a link (a campaign parameter): such a value is kept behind an apostrophe (`'=HYPERLINK(…)`), the usual
   * defence, which spreadsheets show as text. Tracking never costs a lead, and the stored row, the webhook and the
   * email all carry the same neutralised text.
   */
  | "neutralise"
  /** An identifier from a link (an ad click id): such a value is dropped, since altered it would identify nothing. */
  | "drop"
  /**
   * Only values the site makes (a list, a pattern, a UUID, a date, an URL it rebuilt), none of them a formula. The
   * phone in E.164 starts with `+` followed by digits only, which a spreadsheet reads as a number.
   */
  | "fixed";

type FieldDeclaration = {
  /** Its column in contact_submissions. */
  column: string;
  /** Who gives it: the visitor in the form, the page the form is on, or the route. */
  from: "form" | "page" | "route";
  /** Personal data or free text about a person: never logged, hidden in the local sinks. */
  personal: boolean;
  spreadsheet: SpreadsheetRule;
  /** The key of the webhook's `lead` object that carries it (the phone's parts share `phone`); null: not sent. */
  webhook: string | null;
  /**
   * A lead may come without it (the column then stays empty). A form field is required otherwise: its control is
   * `required`, and the line under the button names it until it is filled.
   */
  optional?: true;
  /** The request field a refusal of its column names in the 422, when not its own name. */
  refusedAs?: string;
};

type FormFieldDeclaration = FieldDeclaration & {
  from: "form";
  /** What the visitor typed is refused or taken as it is, never altered behind their back. */
  spreadsheet: "refuse" | "fixed";
  /**
   * What the visitor gives, which decides the control and the route's rule: a name (text a spreadsheet shows as
   * typed), an email address, the phone's country code (a select with the market's default, never missing) and the
   * number, or a choice among the option values.
   */
  kind: "name" | "email" | "prefix" | "phone" | "choice";
  /** Length limits in characters, for the browser's `minlength`/`maxlength`, the route and the CHECKs. */
  min?: number;
  max?: number;
  /** The values a select offers (lib/leads/options.ts): the data contract, labelled by content. */
  options?: readonly string[];
  /** The browser's autofill token. */
  autoComplete?: string;
  /** Spans the form's two columns. */
  wide?: true;
};

/** In the order the form shows them; the page's and the route's fields after. */
export const LEAD_FIELDS = {
  company: {
    from: "form",
    kind: "name",
    column: "company",
    max: 200,
    autoComplete: "organization",
    personal: true,
    spreadsheet: "refuse",
    webhook: "company",
  },
  contact: {
    from: "form",
    kind: "name",
    column: "contact_name",
    max: 200,
    autoComplete: "name",
    personal: true,
    spreadsheet: "refuse",
    webhook: "contactName",
  },
  email: {
    from: "form",
    kind: "email",
    column: "email",
    max: 254,
    autoComplete: "email",
    wide: true,
    personal: true,
    spreadsheet: "refuse",
    webhook: "email",
  },
  phonePrefix: {
    from: "form",
    kind: "prefix",
    column: "phone_prefix",
    options: PHONE_PREFIXES,
    autoComplete: "tel-country-code",
    personal: false,
    spreadsheet: "fixed",
    webhook: "phone",
  },
  phone: {
    from: "form",
    kind: "phone",
    column: "phone",
    min: 6,
    max: 32,
    autoComplete: "tel",
    personal: true,
    spreadsheet: "fixed",
    webhook: "phone",
  },
  country: {
    from: "form",
    kind: "choice",
    column: "country",
    options: COUNTRIES,
    personal: false,
    spreadsheet: "fixed",
    webhook: "destinationCountry",
  },
  reason: {
    from: "form",
    kind: "choice",
    column: "reason",
    options: REASONS,
    personal: false,
    spreadsheet: "fixed",
    webhook: "reason",
  },
  volume: {
    from: "form",
    kind: "choice",
    column: "volume",
    options: VOLUMES,
    wide: true,
    personal: false,
    spreadsheet: "fixed",
    webhook: "volume",
  },
  market: { from: "page", column: "market", personal: false, spreadsheet: "fixed", webhook: "market" },
  /** The campaign page's slug; none from the market's own page. */
  page: { from: "page", column: "page_slug", optional: true, personal: false, spreadsheet: "fixed", webhook: "page" },
  /** The submission id. */
  id: { from: "route", column: "id", personal: false, spreadsheet: "fixed", webhook: "id" },
  /** The phone in E.164, parsed by the route from the prefix and the number. */
  phoneE164: {
    from: "route",
    column: "phone_e164",
    refusedAs: "phone",
    personal: true,
    spreadsheet: "fixed",
    webhook: "phone",
  },
  consent: {
    from: "route",
    column: "tracking_consent",
    personal: false,
    spreadsheet: "fixed",
    webhook: "trackingConsent",
  },
  noticeVersion: {
    from: "route",
    column: "privacy_notice_version",
    optional: true,
    personal: false,
    spreadsheet: "fixed",
    webhook: "privacyNoticeVersion",
  },
  /**
   * The experiment variant the visitor was shown on the lead's page (`<experiment>--<variant>`), from the
   * experiments cookie, only where it names a variant of the experiment running on that page.
   */
  variant: {
    from: "route",
    column: "variant",
    optional: true,
    personal: false,
    spreadsheet: "fixed",
    webhook: "variant",
  },
  /** The device class of the browser the lead was sent from (phone or desktop), as the visit counts name it. */
  device: {
    from: "route",
    column: "device",
    optional: true,
    personal: false,
    spreadsheet: "fixed",
    webhook: "device",
  },
  /** Why the lead is held (its proof, or the ceiling); a refusal is about the proof. */
  held: {
    from: "route",
    column: "held_reason",
    optional: true,
    refusedAs: "proof",
    personal: false,
    spreadsheet: "fixed",
    webhook: null,
  },
} as const satisfies Record<string, FieldDeclaration | FormFieldDeclaration>;

type Fields = typeof LEAD_FIELDS;
export type LeadFieldName = keyof Fields;
/** The fields the visitor fills in, in the form's order. */
export type FormFieldName = { [K in LeadFieldName]: Fields[K]["from"] extends "form" ? K : never }[LeadFieldName];
type FormField = Fields[FormFieldName];
type KindName<Kind> = { [K in FormFieldName]: Fields[K]["kind"] extends Kind ? K : never }[FormFieldName];
/** The text inputs, and the selects (the phone's country code among them). */
export type TextFieldName = KindName<"name" | "email">;
export type SelectName = KindName<"prefix" | "choice">;
export type ChoiceName = KindName<"choice">;
/** The phone's country code: a select that starts on the market's default, so it has no placeholder. */
export type PrefixName = KindName<"prefix">;
/** The fields a visitor must fill in before the form can be sent: not an optional one, nor the country code. */
export type RequiredFieldName = Exclude<FormFieldName, PrefixName | OptionalFieldName>;
export type OptionalFieldName = {
  [K in LeadFieldName]: Fields[K] extends { optional: true } ? K : never;
}[LeadFieldName];

const names = <K extends LeadFieldName>(keep: (field: Fields[LeadFieldName]) => boolean) =>
  (Object.keys(LEAD_FIELDS) as LeadFieldName[]).filter((name) => keep(LEAD_FIELDS[name])) as K[];

export const LEAD_FIELD_NAMES = names<LeadFieldName>(() => true);
export const FORM_FIELD_NAMES = names<FormFieldName>((field) => field.from === "form");
const formField = (name: LeadFieldName): FormField | undefined =>
  LEAD_FIELDS[name].from === "form" ? (LEAD_FIELDS[name] as FormField) : undefined;
export const REQUIRED_FIELD_NAMES = FORM_FIELD_NAMES.filter(
  (name) => formField(name)!.kind !== "prefix" && !("optional" in LEAD_FIELDS[name]),
) as RequiredFieldName[];
export const SELECT_NAMES = FORM_FIELD_NAMES.filter((name) => "options" in LEAD_FIELDS[name]) as SelectName[];

/** Each select's option values, by control name. */
export const SELECT_OPTIONS = Object.fromEntries(
  SELECT_NAMES.map((name) => [name, (LEAD_FIELDS[name] as Extract<FormField, { options: unknown }>).options]),
) as { [K in SelectName]: Fields[K]["options"] };

/** Lengths shared by the form's controls, the route's schema and the database's CHECKs. */
export const FIELD_LIMITS = Object.fromEntries(
  FORM_FIELD_NAMES.flatMap((name) => {
    const field = formField(name)!;
    return "max" in field ? [[name, field.max]] : [];
  }),
) as {
  [K in FormFieldName as Fields[K] extends { max: number } ? K : never]: Fields[K] extends { max: infer M } ? M : never;
};
export const PHONE_MIN_LENGTH = LEAD_FIELDS.phone.min;

/**
 * A campaign touch's fields, stored twice: `first_<field>` and `last_<field>` (lib/attribution/touch-columns.ts).
 * Campaign parameters and the time are not about the person; the click ids and the URLs (which may carry them) are.
 */
type TouchFieldDeclaration = { personal: boolean; spreadsheet: SpreadsheetRule };
export const TOUCH_FIELDS = {
  touch_at: { personal: false, spreadsheet: "fixed" },
  landing_url: { personal: true, spreadsheet: "fixed" },
  referrer: { personal: true, spreadsheet: "fixed" },
  ...(Object.fromEntries(UTM_PARAMS.map((name) => [name, { personal: false, spreadsheet: "neutralise" }])) as Record<
    UtmParam,
    { personal: false; spreadsheet: "neutralise" }
  >),
  ...(Object.fromEntries(CLICK_ID_PARAMS.map((name) => [name, { personal: true, spreadsheet: "drop" }])) as Record<
    ClickIdParam,
    { personal: true; spreadsheet: "drop" }
  >),
} as const satisfies Record<string, TouchFieldDeclaration>;
type TouchField = keyof typeof TOUCH_FIELDS;
export type TouchColumn = `${"first" | "last"}_${TouchField}`;
export const TOUCH_FIELD_NAMES = Object.keys(TOUCH_FIELDS) as TouchField[];
export const TOUCH_COLUMNS = (["first", "last"] as const).flatMap((touch) =>
  TOUCH_FIELD_NAMES.map((field) => `${touch}_${field}` as TouchColumn),
);

/** The touch field a column stores. */
const touchFieldOf = (column: TouchColumn) => column.replace(/^(?:first|last)_/, "") as TouchField;

/** Every column the site writes: anon's INSERT grant is exactly these. */
export const LEAD_COLUMNS = [...LEAD_FIELD_NAMES.map((name) => LEAD_FIELDS[name].column), ...TOUCH_COLUMNS] as const;

/**
 * The keys that hold personal data wherever a lead travels: each personal field's name (the lead, the request), its
 * column (a row) and its webhook key, and the personal touch fields by name (a touch) and by column (a row). The
 * logger censors them.
 */
export const PERSONAL_KEYS = [
  ...new Set([
    ...LEAD_FIELD_NAMES.filter((name) => LEAD_FIELDS[name].personal).flatMap((name) => {
      const { column, webhook } = LEAD_FIELDS[name];
      return webhook ? [name, column, webhook] : [name, column];
    }),
    ...TOUCH_FIELD_NAMES.filter((name) => TOUCH_FIELDS[name].personal),
    ...TOUCH_COLUMNS.filter((column) => TOUCH_FIELDS[touchFieldOf(column)].personal),
  ]),
];

/** The personal fields of a lead, which the local sinks replace with "[redacted]". */
export const PERSONAL_FIELD_NAMES = LEAD_FIELD_NAMES.filter((name) => LEAD_FIELDS[name].personal);

/** The keys of the webhook's `lead` object that carry a field. */
export type WebhookKey = NonNullable<Fields[LeadFieldName]["webhook"]>;

/**
 * The request field a database refusal names, from the constraint (PostgreSQL's default names:
 * `contact_submissions_<column>_check`, and `contact_submissions_<column>_<rule>_check` for a rule added later): the
 * longest column it starts with. Any touch's column is "attribution"; an unknown constraint, undefined.
 */
export function fieldOfConstraint(constraint: string): string | undefined {
  const rest = /^contact_submissions_(.+)_check$/.exec(constraint)?.[1];
  const owner = [...LEAD_COLUMNS]
    .filter((column) => rest === column || rest?.startsWith(`${column}_`))
    .sort((a, b) => b.length - a.length)[0];
  if (!owner) return undefined;
  if ((TOUCH_COLUMNS as readonly string[]).includes(owner)) return "attribution";
  const name = LEAD_FIELD_NAMES.find((field) => LEAD_FIELDS[field].column === owner)!;
  const field = LEAD_FIELDS[name];
  return "refusedAs" in field ? field.refusedAs : name;
}
