import type { Attribution } from "@/lib/attribution/campaign-touch";
import { fill, minutesIn, retryAfterMinutes } from "@/lib/contact/form-messages";
import type { Market } from "@/lib/markets/markets";
import type { ContactFormCopy } from "./form-copy";

/**
 * One submission of the contact form, without React or the page: the body POSTed to /api/contact, the id that makes
 * a retry count once, and what each answer of the route means for the visitor.
 */

/** The form's values as FormData lists them, in page order. */
export type FormEntries = [string, FormDataEntryValue][];

/** Everything the route receives about a lead besides the form's values. */
export type LeadContext = {
  market: Market;
  /** The campaign page's slug, when the form is on one. */
  page?: string;
  /** The attempt's id: the route stores one row per id, and Meta counts one lead per id. */
  submissionId: string;
  /** Where the visitor came from (click ids only where tracking is allowed). */
  attribution: Attribution;
  /** The version of the privacy notice the visitor was shown. */
  noticeVersion: string;
  /** This browser's proof of work; null when it could not solve one in time (the lead is then held). */
  proof: string | null;
};

/** The form's values by control name, and the context. */
export type LeadRequest = LeadContext & Record<string, unknown>;

export function leadRequest(entries: FormEntries, context: LeadContext): LeadRequest {
  return { ...Object.fromEntries(entries), ...context };
}

/** The id of the last attempt and the values it sent. */
export type Attempt = { id: string; values: string };

/**
 * The attempt for these values: an unchanged retry (or a double click) keeps the last attempt's id, so the route
 * stores one row; any changed value is a new submission with a new id.
 */
export function attemptFor(last: Attempt | null, entries: FormEntries, newId = () => crypto.randomUUID()): Attempt {
  const values = JSON.stringify(entries);
  return last?.values === values ? last : { id: newId(), values };
}

/** What the route said, for the form to act on. A failure keeps the status and body for the console. */
export type SubmissionResult =
  /** 201: stored (or a honeypot hit answered alike); `answer` is the route's body. */
  | { kind: "sent"; answer: Record<string, unknown> }
  /** 422 naming fields: those the route refused, with its reasons (for the console, not the visitor). */
  | { kind: "invalid"; fields: Record<string, string>; status: 422; detail: unknown }
  /** 429: whole minutes to wait, from Retry-After. */
  | { kind: "rate-limited"; minutes: number; status: 429; detail: unknown }
  /** 503: the store is down; a later retry can work. */
  | { kind: "unavailable"; status: 503; detail: unknown }
  /** Any other answer (status), or none at all (status null: the connection, not the page). */
  | { kind: "failed"; status: number | null; detail: unknown };

export type SubmissionFailure = Exclude<SubmissionResult, { kind: "sent" }>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The result an answer of the route stands for. */
export async function resultOf(response: Response, now = Date.now()): Promise<SubmissionResult> {
  const detail: unknown = await response.json().catch(() => ({}));
  const { status } = response;
  if (status === 201) return { kind: "sent", answer: isRecord(detail) ? detail : {} };
  if (status === 422 && isRecord(detail) && isRecord(detail.fields))
    return { kind: "invalid", fields: detail.fields as Record<string, string>, status, detail };
  if (status === 429)
    return {
      kind: "rate-limited",
      minutes: retryAfterMinutes(response.headers.get("retry-after"), now),
      status,
      detail,
    };
  if (status === 503) return { kind: "unavailable", status, detail };
  return { kind: "failed", status, detail };
}

/** POSTs the lead to the route handler; a request that gets no answer is a failure too. */
export async function sendLead(body: LeadRequest, send: typeof fetch = fetch): Promise<SubmissionResult> {
  let response: Response;
  try {
    response = await send("/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    return { kind: "failed", status: null, detail: error };
  }
  return resultOf(response);
}

/**
 * Answers the form expects (a refused field, the rate limit, the store down, no connection) are warnings; anything
 * else means a bug between this form and the route, and is an error (Next's dev overlay shows it).
 */
export const isExpected = (failure: SubmissionFailure): boolean =>
  failure.status === null || failure.status === 422 || failure.status === 429 || failure.status === 503;

/** The failure in the visitor's words. */
export function failureMessage(
  failure: SubmissionFailure,
  copy: Pick<ContactFormCopy, "errorInvalid" | "errorRateLimited" | "errorMessage">,
  locale: string,
): string {
  if (failure.kind === "invalid") return copy.errorInvalid;
  if (failure.kind === "rate-limited")
    return fill(copy.errorRateLimited, { minutes: minutesIn(failure.minutes, locale) });
  return copy.errorMessage;
}
