import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueSummaries, summaryEmail } from "@/lib/alerts/intake-summary";
import {
  MemorySummaryBook,
  RedisSummaryBook,
  SUMMARY_INTERVAL_MS,
  summaryEntry,
  type SummaryBook,
} from "@/lib/alerts/intake-summary-book";
import type { Market } from "@/lib/markets/markets";
import { connectRedis } from "@/lib/redis/redis-client";
import { verifySignatureHeader } from "#edge/signed-request";
import { captureLogs } from "../support/telemetry/log-lines";
import { startRedis, type TestRedis } from "../../scripts/lib/redis-server";
import { sampleLead } from "../support/contact/sample-lead";

const T0 = Date.UTC(2026, 11, 1, 15, 0, 0);
const over = sampleLead({ company: "Real Importer SA", held: "over_ceiling" });
const bot = sampleLead({ company: "Bot Corp", email: "bot@spam.example", volume: "100000-plus", held: "no_proof" });

async function fill(book: SummaryBook) {
  await book.add(summaryEntry({ ...over, held: "over_ceiling" }, new Date(T0 + 1000)), T0 + 1000);
  await book.add(summaryEntry({ ...bot, held: "no_proof" }, new Date(T0 + 2000)), T0 + 2000);
}

describe("the summary book", () => {
  let redis: TestRedis;
  const clients: Redis[] = [];
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis?.close();
  });

  it("gives an interval only once it has ended, and to one instance only", async () => {
    const [a, b] = [0, 1].map(() => {
      const client = connectRedis(redis.url, "test");
      clients.push(client);
      return new RedisSummaryBook(client, "summary-test");
    });
    await new Promise((r) => setTimeout(r, 300));
    await fill(a!);
    expect(await b!.takeDue(T0 + 5000)).toEqual([]);
    const [first, second] = await Promise.all([
      a!.takeDue(T0 + SUMMARY_INTERVAL_MS),
      b!.takeDue(T0 + SUMMARY_INTERVAL_MS),
    ]);
    const taken = [...first, ...second];
    expect(taken).toHaveLength(1);
    expect(taken[0]!.counts).toEqual({ over_ceiling: 1, no_proof: 1 });
    expect(taken[0]!.entries.map((e) => e.company)).toEqual(["Real Importer SA", "Bot Corp"]);
    // A held entry keeps what the digest shows, not the person.
    expect(taken[0]!.entries[1]).not.toHaveProperty("lead");
    expect(await a!.takeDue(T0 + 2 * SUMMARY_INTERVAL_MS)).toEqual([]);
  });
});

describe("sending the summary", () => {
  let receiver: Server;
  const calls: { body: string; signed: boolean }[] = [];
  const SECRET = "summary-webhook-secret-0123456789abcdef";
  beforeAll(async () => {
    receiver = createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      const check = await verifySignatureHeader(SECRET, request.headers["x-signature"] as string, raw);
      calls.push({ body: raw.toString("utf8"), signed: check.ok });
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => receiver.close());

  it("lists the over-ceiling lead in full and the held one by company and volume, once per interval", async () => {
    const book = new MemorySummaryBook();
    await fill(book);
    const copy = new MemorySummaryBook();
    await fill(copy);
    const [due] = await copy.takeDue(T0 + SUMMARY_INTERVAL_MS);
    const email = summaryEmail(due!, "mx");
    expect(email.subject).toMatch(/1 sobre el límite, 1 retenidos/);
    expect(email.text).toContain("Real Importer SA");
    expect(email.text).toContain(over.email);
    expect(email.text).toMatch(/- Bot Corp · US\$ 100,000 o más\/mes · no_proof/);
    expect(email.text).not.toContain(bot.email);

    const logs = captureLogs();
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    const settings = { email: null, webhook: { url, secret: SECRET }, delays: [] };
    await sendDueSummaries(book, settings, T0 + SUMMARY_INTERVAL_MS);
    await sendDueSummaries(book, settings, T0 + SUMMARY_INTERVAL_MS + 1000);
    logs.restore();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signed).toBe(true);
    const body = JSON.parse(calls[0]!.body);
    expect(body).toMatchObject({ type: "leads.summary", counts: { over_ceiling: 1, no_proof: 1 } });
    expect(body.leads.map((l: { lead: { company: string } }) => l.lead.company)).toEqual(["Real Importer SA"]);
    expect(body.held).toEqual([
      expect.objectContaining({ company: "Bot Corp", volume: "100000-plus", reason: "no_proof" }),
    ]);
    expect(logs.events("intake.summary_sent").map((l) => l.channel ?? l.sink)).toEqual(["local", "webhook"]);
  });

  it("writes each market's summary in that market's language", async () => {
    const subject = async (market: Market) => {
      const book = new MemorySummaryBook();
      await book.add(summaryEntry({ ...bot, market, held: "no_proof" }, new Date(T0 + 1000)), T0 + 1000);
      const [due] = await book.takeDue(T0 + SUMMARY_INTERVAL_MS);
      return summaryEmail(due!, market).subject;
    };
    expect(await subject("br")).toMatch(/^Resumo de leads: 0 acima do limite, 1 retidos /);
    expect(await subject("mx")).toMatch(/^Resumen de leads: 0 sobre el límite, 1 retenidos /);
    expect(await subject("ar")).toMatch(/^Resumen de leads: 0 sobre el límite, 1 retenidos /);
  });
});
