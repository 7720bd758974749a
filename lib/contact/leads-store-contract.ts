import "server-only";
import type { Device } from "../analytics/slices";
import type { Attribution } from "../attribution/campaign-touch";
import { touchColumns } from "../attribution/touch-columns";
import type { ConsentState } from "#edge/consent-state";
import type { ContactRequest } from "./contact-schema";
import type { HeldReason } from "./held-reasons";
import { fieldOfConstraint, LEAD_FIELD_NAMES, LEAD_FIELDS } from "../leads/lead-fields";
import type { LeadRow } from "./migrations";

/**
 * What every submissions store shares: the lead it takes, its interface, the errors it raises and the row it writes.
 * A leaf module, so the store chooser and each implementation import it without importing one another.
 */

export type Lead = Omit<ContactRequest, "website" | "submissionId" | "attribution" | "noticeVersion" | "proof"> & {
  id: string;
  /** Where the visitor came from, cleaned; click ids only where tracking is allowed. */
  attribution: Attribution;
  /** The visitor's tracking consent for this market when they sent the lead. */
  consent: ConsentState;
  /** The privacy notice shown with the form (its "last updated" date), when the form said which. */
  noticeVersion: string | null;
  /** Why the lead gets no alert of its own and no conversion (see held-reasons.ts); absent for an ordinary lead. */
  held?: HeldReason;
  /** The experiment variant the visitor was shown (`<experiment>--<variant>`); absent outside an experiment. */
  variant?: string;
  /** The device class of the browser it was sent from; absent on leads stored before it was recorded. */
  device?: Device;
};

/** `duplicate`: a lead with this id is already stored — the first attempt landed, so this is a success too. */
export type InsertOutcome = "stored" | "duplicate";

export interface LeadsStore {
  insert(lead: Lead): Promise<InsertOutcome>;
  /** Releases what the store holds (the embedded database); network stores have nothing to close. */
  close?(): Promise<void>;
}

const UNAVAILABLE = Symbol.for("contact.storeUnavailable");
const REJECTED = Symbol.for("contact.leadRejected");

/**
 * The database refused the lead's values (a CHECK or a character it cannot store): the visitor's input, not an
 * outage, so it is answered 422 naming the field, never "try again". `field` is "body" when no field is named.
 */
export class LeadRejectedError extends Error {
  readonly field: string;
  readonly [REJECTED] = true;

  constructor(databaseMessage: string) {
    // The constraint names its column (PostgreSQL's default names), and the column its field.
    const constraint = /constraint "([^"]+)"/.exec(databaseMessage)?.[1];
    const field = (constraint && fieldOfConstraint(constraint)) || "body";
    super(`The database refused the value of ${field}`);
    this.name = "LeadRejectedError";
    this.field = field;
  }

  // Thrown by a store that instrumentation.ts may have opened from another bundle: see StoreUnavailableError.
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[REJECTED] === true;
  }
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity) other than a unique violation: the values are at fault. */
export const isRejectedValue = (code: unknown) =>
  typeof code === "string" && (code.startsWith("22") || code.startsWith("23")) && code !== "23505";

/** The store could not take the lead (down, timing out, refusing): the visitor is told to retry. */
export class StoreUnavailableError extends Error {
  readonly [UNAVAILABLE] = true;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StoreUnavailableError";
  }

  // The store is opened by instrumentation.ts, which Next bundles apart from the route: its errors come from
  // another copy of this class, so `instanceof` checks the brand rather than the prototype.
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[UNAVAILABLE] === true;
  }
}

/** The database columns of a lead, as Supabase's REST API and the SQL insert take them (absent values left out). */
export function toRow(lead: Lead): LeadRow {
  const row: Record<string, unknown> = touchColumns(lead.attribution);
  for (const name of LEAD_FIELD_NAMES) {
    const value = lead[name];
    if (value !== undefined && value !== null && value !== "") row[LEAD_FIELDS[name].column] = value;
  }
  return row as LeadRow;
}
