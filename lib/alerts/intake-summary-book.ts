import type { Redis } from "ioredis";
import type { Lead } from "../contact/leads-store-contract";
import type { HeldReason } from "../contact/held-reasons";

/**
 * Where leads that got no alert of their own wait for the next summary to sales, by interval. Over-ceiling leads
 * keep the whole lead (sales needs to call them); held ones only what the digest shows: company and volume.
 */

/** One summary per this long; the first request after an interval ends sends it (see intake-summary.ts). */
export const SUMMARY_INTERVAL_MS = 15 * 60_000;
/** Leads listed per interval; beyond it a summary gives only their number (a flood must not make a huge email). */
export const SUMMARY_MAX_LISTED = 300;
/** Unsent intervals are kept this long at most. */
const KEEP_SECONDS = 7 * 24 * 3600;

export type SummaryEntry = {
  id: string;
  market: Lead["market"];
  company: string;
  volume: Lead["volume"];
  held: HeldReason;
  receivedAt: string;
  /** The whole lead, for an over-ceiling one only. */
  lead?: Lead;
};

/** One ended interval: when it started, its listed leads, and how many there were of each reason in all. */
export type DueSummary = { start: number; entries: SummaryEntry[]; counts: Partial<Record<HeldReason, number>> };

export interface SummaryBook {
  add(entry: SummaryEntry, now?: number): Promise<void>;
  /** Takes the intervals that have ended and not been taken, each exactly once across instances. */
  takeDue(now?: number): Promise<DueSummary[]>;
}

const intervalOf = (now: number) => Math.floor(now / SUMMARY_INTERVAL_MS) * SUMMARY_INTERVAL_MS;

export function summaryEntry(lead: Lead & { held: HeldReason }, receivedAt: Date): SummaryEntry {
  const { id, market, company, volume, held } = lead;
  return {
    id,
    market,
    company,
    volume,
    held,
    receivedAt: receivedAt.toISOString(),
    ...(held === "over_ceiling" && { lead }),
  };
}

/** One process's book (a single instance; nothing survives a restart). */
export class MemorySummaryBook implements SummaryBook {
  private readonly open = new Map<number, DueSummary>();

  async add(entry: SummaryEntry, now = Date.now()): Promise<void> {
    const start = intervalOf(now);
    let summary = this.open.get(start);
    if (!summary) this.open.set(start, (summary = { start, entries: [], counts: {} }));
    summary.counts[entry.held] = (summary.counts[entry.held] ?? 0) + 1;
    if (summary.entries.length < SUMMARY_MAX_LISTED) summary.entries.push(entry);
  }

  async takeDue(now = Date.now()): Promise<DueSummary[]> {
    const due = [...this.open.values()].filter((s) => s.start < intervalOf(now));
    for (const summary of due) this.open.delete(summary.start);
    return due.sort((a, b) => a.start - b.start);
  }
}

/**
 * The book every instance shares: a list and a count per interval, and a set of the intervals not yet taken; an
 * instance takes an interval by removing it from that set (SREM answers 1 to one of them only).
 */
export class RedisSummaryBook implements SummaryBook {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "intake-summary",
  ) {}

  async add(entry: SummaryEntry, now = Date.now()): Promise<void> {
    const start = intervalOf(now);
    const list = `${this.prefix}:${start}`;
    await this.redis
      .multi()
      .rpush(list, JSON.stringify(entry))
      .ltrim(list, 0, SUMMARY_MAX_LISTED - 1)
      .expire(list, KEEP_SECONDS)
      .hincrby(`${list}:counts`, entry.held, 1)
      .expire(`${list}:counts`, KEEP_SECONDS)
      .sadd(`${this.prefix}:open`, String(start))
      .exec();
  }

  async takeDue(now = Date.now()): Promise<DueSummary[]> {
    const open = (await this.redis.smembers(`${this.prefix}:open`)).map(Number).filter((s) => s < intervalOf(now));
    const due: DueSummary[] = [];
    for (const start of open.sort((a, b) => a - b)) {
      if ((await this.redis.srem(`${this.prefix}:open`, String(start))) !== 1) continue;
      const list = `${this.prefix}:${start}`;
      const [[, entries], [, counts]] = (await this.redis
        .multi()
        .lrange(list, 0, -1)
        .hgetall(`${list}:counts`)
        .del(list, `${list}:counts`)
        .exec()) as [[null, string[]], [null, Record<string, string>]];
      due.push({
        start,
        entries: entries.map((e) => JSON.parse(e) as SummaryEntry),
        counts: Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])),
      });
    }
    return due;
  }
}
