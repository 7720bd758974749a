import autocannon from "autocannon";
import { randomUUID } from "node:crypto";
import { COUNTRIES, PHONE_PREFIXES, REASONS, VOLUMES } from "../../lib/leads/options.ts";
import { MARKETS } from "../../lib/markets/markets.ts";

/** A real-shaped number for each prefix, as people type it (the route parses it against the prefix). */
const PHONES: Record<(typeof PHONE_PREFIXES)[number], (k: string) => string> = {
  "52": (k) => `55 ${k} 5678`,
  "1": (k) => `(201) 555-${k}`,
  "54": (k) => `011 15 ${k}-5678`,
  "55": (k) => `(11) 9${k}-4321`,
  "57": (k) => `300 ${k.slice(1)} 4567`,
};

/** A valid lead, varied over every option value, with its own submission id. */
export function lead(n: number, submissionId: string) {
  const pick = <T>(values: readonly T[]) => values[n % values.length]!;
  const phonePrefix = pick(PHONE_PREFIXES);
  return {
    company: `Benchmark Importaciones ${n}`,
    contact: "Ana Pérez",
    email: `lead-${n}@example.com`,
    phonePrefix,
    // 1000-8999: Buenos Aires has no subscriber numbers starting with 9, so 9xxx would be refused as invalid.
    phone: PHONES[phonePrefix](String(1000 + (n % 8000))),
    country: pick(COUNTRIES),
    reason: pick(REASONS),
    volume: pick(VOLUMES),
    market: pick(MARKETS),
    submissionId,
  };
}

export type ContactPass = {
  label: string;
  connections: number;
  durationS: number;
  responses: number;
  rps: number;
  /** 201 answers per second: leads the store accepted. */
  createdPerS: number;
  p50Ms: number;
  p99Ms: number;
  statuses: Record<string, number>;
  errors: number;
  /** Requests cut off by the end of the run and re-sent once afterwards, as a client retry would. */
  retriedAfterCutoff: number;
};

/** What the client saw, per submission id: every status it was answered with. */
export class LeadLedger {
  readonly bodies = new Map<string, string>();
  readonly answers = new Map<string, number[]>();
  private counter = 0;

  next(): { id: string; body: string } {
    const id = randomUUID();
    const body = JSON.stringify(lead(this.counter++, id));
    this.bodies.set(id, body);
    return { id, body };
  }

  answer(id: string, status: number) {
    this.answers.set(id, [...(this.answers.get(id) ?? []), status]);
  }

  /** Ids sent but never answered (the run ended while they were in flight). */
  unanswered(): string[] {
    return [...this.bodies.keys()].filter((id) => !this.answers.has(id));
  }

  created(): Set<string> {
    return new Set([...this.answers].filter(([, statuses]) => statuses.includes(201)).map(([id]) => id));
  }
}

function headers(origin: string) {
  return { "content-type": "application/json", origin, accept: "application/json" };
}

async function postOnce(origin: string, body: string): Promise<number> {
  const response = await fetch(`${origin}/api/contact`, { method: "POST", headers: headers(origin), body });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Sends the given ids' bodies (or fresh leads when `ids` is absent) at `connections` for `durationS` seconds or
 * `ids.length` requests.
 */
export async function contactPass(
  origin: string,
  ledger: LeadLedger,
  label: string,
  connections: number,
  plan: { durationS: number } | { ids: string[] },
): Promise<ContactPass> {
  const statuses: Record<string, number> = {};
  const repeat = "ids" in plan ? plan.ids : null;
  let cursor = 0;
  const result = await autocannon({
    url: `${origin}/api/contact`,
    connections,
    timeout: 30,
    ...("ids" in plan ? { amount: plan.ids.length } : { duration: plan.durationS }),
    requests: [
      {
        method: "POST",
        path: "/api/contact",
        headers: headers(origin),
        setupRequest: (request, context) => {
          const id = repeat ? repeat[cursor++ % repeat.length]! : ledger.next().id;
          context.id = id;
          return { ...request, body: ledger.bodies.get(id)! };
        },
        onResponse: (status, _body, context) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          ledger.answer(context.id as string, status);
        },
      },
    ],
  });
  // autocannon drops in-flight requests when time is up; the server may still have stored them, so each is
  // retried once with the same id — exactly what the form does — and its answer counted.
  const cutoff = ledger.unanswered();
  for (const id of cutoff) {
    const status = await postOnce(origin, ledger.bodies.get(id)!);
    statuses[`${status} (retry)`] = (statuses[`${status} (retry)`] ?? 0) + 1;
    ledger.answer(id, status);
  }
  const responses = Object.entries(statuses)
    .filter(([k]) => !k.includes("retry"))
    .reduce((n, [, v]) => n + v, 0);
  return {
    label,
    connections,
    durationS: result.duration,
    responses,
    rps: responses / result.duration,
    createdPerS: (statuses["201"] ?? 0) / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    statuses,
    errors: result.errors + result.timeouts,
    retriedAfterCutoff: cutoff.length,
  };
}

/** One lead before measuring, so the store's one-time open and migration is not counted as request latency. */
export async function warmUpContact(origin: string, ledger: LeadLedger): Promise<number> {
  const { id, body } = ledger.next();
  const status = await postOnce(origin, body);
  ledger.answer(id, status);
  return status;
}
