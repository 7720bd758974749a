import { log } from "../logging/logger.ts";
import { campaignId, CAMPAIGN_KEYS_PER_MARKET_DAY, isUncapped, OTHER } from "./campaign-key.ts";
import type { CountRow, CountsStore, VitalRow } from "./counts-store-contract";
import { sliceId, type Slice } from "./slices.ts";
import type { VisitorCounter } from "./visitor-counter";
import { ALL_GROUPINGS, groupId, groupOf, type VisitorCount } from "./visitor-groupings.ts";

/**
 * Slices kept while the store cannot be reached; past this, the increments of the batch the store refused that find
 * no room are dropped, and a warning says how many.
 */
const MAX_BUFFERED_SLICES = 50_000;

type Options = {
  /** How often the buffer is written (at most one write per slice per instance this often). */
  flushMs: number;
  campaignCap?: number;
};

/**
 * One instance's counts between two writes: increments per slice, the visitors' hashes seen since the last write (each
 * counted in every group of slices its slice falls in: visitor-groupings.ts), and histogram samples. Written every
 * `flushMs` in one batch (one call to the store for all slices, so a spike never puts a write per visit on the
 * database), and on shutdown. A crash loses at most the last interval's counts, never a lead (leads are stored by
 * their own route). While the store is unreachable the increments stay here and go with the next write. New campaign
 * keys past the day's cap count as "(other)" here already, so a flood of made-up campaigns never grows the buffer; the
 * store applies the same cap across instances.
 */
export class CountBuffer {
  private counts = new Map<string, CountRow>();
  private hashes = new Map<string, Set<string>>();
  /** Groups' running visitor counts the store has not taken yet (a failed write), by group key. */
  private visitorCounts = new Map<string, VisitorCount>();
  /**
   * The count this instance last wrote for each group, per day (the latest two): a returning visitor changes no
   * count, and an unchanged count is not written again.
   */
  private readonly writtenVisitors = new Map<string, Map<string, number>>();
  private vitals = new Map<string, VitalRow>();
  /** Campaign keys each market has counted per day on this instance. */
  private readonly campaigns = new Map<string, Set<string>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private failing = false;
  private readonly campaignCap: number;
  private readonly store: CountsStore;
  private readonly visitors: VisitorCounter | undefined;
  private readonly options: Options;

  // Fields assigned by hand rather than as parameter properties: the benchmark loads this file with Node's own
  // TypeScript support, which only strips types.
  constructor(store: CountsStore, visitors: VisitorCounter | undefined, options: Options) {
    this.store = store;
    this.visitors = visitors;
    this.options = options;
    this.campaignCap = options.campaignCap ?? CAMPAIGN_KEYS_PER_MARKET_DAY;
  }

  /** Counts a visit; `visitor` is its hash when visitors are counted. */
  visit(slice: Slice, visitor?: string): void {
    const row = this.row(slice);
    row.visits++;
    if (visitor && this.visitors) {
      const id = sliceId(row);
      let set = this.hashes.get(id);
      if (!set) this.hashes.set(id, (set = new Set()));
      set.add(visitor);
    }
  }

  formStart(slice: Slice): void {
    this.row(slice).formStarts++;
  }

  vital(sample: Omit<VitalRow, "samples">): void {
    const id = [sample.day, sample.market, sample.page, sample.device, sample.metric, sample.bucket].join("\u0001");
    const row = this.vitals.get(id);
    if (row) row.samples++;
    else {
      this.vitals.set(id, { ...sample, samples: 1 });
      this.start();
    }
  }

  /** The slice's row, its campaign capped; starts the timer. */
  private row(given: Slice): CountRow {
    const slice = this.capped(given);
    const id = sliceId(slice);
    let row = this.counts.get(id);
    if (!row) {
      row = { ...slice, visits: 0, formStarts: 0 };
      this.counts.set(id, row);
      this.start();
    }
    return row;
  }

  private capped(slice: Slice): Slice {
    if (isUncapped(slice)) return slice;
    const day = `${slice.day}:${slice.market}`;
    let seen = this.campaigns.get(day);
    if (!seen) {
      // Only today's and yesterday's keys matter (a market's day straddles two UTC days).
      if (this.campaigns.size >= 8) this.campaigns.clear();
      this.campaigns.set(day, (seen = new Set()));
    }
    const id = campaignId(slice);
    if (seen.has(id)) return slice;
    if (seen.size >= this.campaignCap) return { ...slice, ...OTHER };
    seen.add(id);
    return slice;
  }

  private start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushMs);
    this.timer.unref();
  }

  /** Slices waiting to be written. */
  get size(): number {
    return this.counts.size + this.vitals.size;
  }

  /** Writes what is buffered (one write after another: a flush called during a flush runs after it). */
  flush(): Promise<void> {
    const previous = this.flushing ?? Promise.resolve();
    const next = previous.then(() => this.write());
    this.flushing = next.finally(() => {
      if (this.flushing === next) this.flushing = undefined;
    });
    return next;
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0 && this.vitals.size === 0 && this.visitorCounts.size === 0) return;
    const counts = this.counts;
    const hashes = this.hashes;
    const vitals = this.vitals;
    this.counts = new Map();
    this.hashes = new Map();
    this.vitals = new Map();
    const visitors = this.visitorCounts;
    this.visitorCounts = new Map();
    if (this.visitors && hashes.size > 0) await this.countVisitors(counts, hashes, visitors);
    try {
      await this.store.recordCounts([...counts.values()], this.campaignCap);
    } catch (error) {
      this.keep(counts, visitors, vitals, error);
      return;
    }
    // After the counts: their write admits the day's campaign keys, which the visitors' write follows.
    try {
      await this.store.recordVisitors([...visitors.values()]);
    } catch (error) {
      this.keep(new Map(), visitors, vitals, error);
      return;
    }
    try {
      await this.store.recordVitals([...vitals.values()]);
    } catch (error) {
      this.keep(new Map(), new Map(), vitals, error);
      return;
    }
    if (this.failing) {
      this.failing = false;
      log.info("visits.store_restored", "The counts store is back: buffered counts written");
    }
  }

  /** Adds each slice's hashes to every group it falls in, and keeps each group's count of the day. */
  private async countVisitors(
    counts: Map<string, CountRow>,
    hashes: Map<string, Set<string>>,
    into: Map<string, VisitorCount>,
  ) {
    const byDay = new Map<string, Map<string, { slice: CountRow; groupedBy: number; hashes: Set<string> }>>();
    for (const [id, set] of hashes) {
      const slice = counts.get(id);
      if (!slice) continue;
      let groups = byDay.get(slice.day);
      if (!groups) byDay.set(slice.day, (groups = new Map()));
      for (const groupedBy of ALL_GROUPINGS) {
        const key = groupId(slice, groupedBy);
        const group = groups.get(key);
        if (group) for (const hash of set) group.hashes.add(hash);
        else groups.set(key, { slice, groupedBy, hashes: new Set(set) });
      }
    }
    for (const [day, groups] of byDay) {
      const answered = await this.visitors!.addAndCount(
        day,
        new Map([...groups].map(([key, group]) => [key, [...group.hashes]])),
      );
      let written = this.writtenVisitors.get(day);
      if (!written) {
        if (this.writtenVisitors.size >= 2) this.writtenVisitors.delete([...this.writtenVisitors.keys()].sort()[0]!);
        this.writtenVisitors.set(day, (written = new Map()));
      }
      for (const [key, visitors] of answered) {
        const count = Math.max(visitors, into.get(key)?.visitors ?? 0);
        if (written.get(key) === count) continue;
        written.set(key, count);
        const group = groups.get(key)!;
        into.set(key, { ...groupOf(group.slice, group.groupedBy), visitors: count });
      }
    }
  }

  /** Puts unwritten increments and counts back for the next write, within MAX_BUFFERED_SLICES. */
  private keep(
    counts: Map<string, CountRow>,
    visitors: Map<string, VisitorCount>,
    vitals: Map<string, VitalRow>,
    error: unknown,
  ) {
    if (!this.failing) {
      this.failing = true;
      log.warn("visits.store_unavailable", "The counts store did not take a batch: counts are kept for the next try", {
        err: error,
      });
    }
    const dropped = { slices: 0, visits: 0, formStarts: 0, samples: 0 };
    for (const [id, row] of counts) {
      const current = this.counts.get(id);
      if (current) {
        current.visits += row.visits;
        current.formStarts += row.formStarts;
      } else if (this.counts.size < MAX_BUFFERED_SLICES) this.counts.set(id, row);
      else {
        dropped.slices++;
        dropped.visits += row.visits;
        dropped.formStarts += row.formStarts;
      }
    }
    // A running count: the higher one stays. One dropped for want of room is written again once its count changes.
    for (const [key, row] of visitors) {
      const current = this.visitorCounts.get(key);
      if (current) current.visitors = Math.max(current.visitors, row.visitors);
      else if (this.visitorCounts.size < MAX_BUFFERED_SLICES * ALL_GROUPINGS.length) this.visitorCounts.set(key, row);
    }
    for (const [id, row] of vitals) {
      const current = this.vitals.get(id);
      if (current) current.samples += row.samples;
      else if (this.vitals.size < MAX_BUFFERED_SLICES) this.vitals.set(id, row);
      else {
        dropped.slices++;
        dropped.samples += row.samples;
      }
    }
    if (dropped.slices > 0)
      log.warn("visits.buffer_full", "The counts store is still down and the buffer is full: counts were dropped", {
        dropped,
      });
    this.start();
  }

  /** Stops the timer (tests; a stopping server flushes instead). */
  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
