import { describe, expect, it } from "vitest";
import { contactPromise, type SalesCalendar } from "@/lib/conversation/contact-time";
import { isPublicHoliday } from "@/lib/conversation/public-holidays";
import type { Market } from "@/lib/markets/markets";

const WEEK = ["mon", "tue", "wed", "thu", "fri"] as const;
const calendar = (timeZone: string, overrides: SalesCalendar["dayOverrides"] = []): SalesCalendar => ({
  salesDays: WEEK,
  opens: "09:00",
  closes: "18:00",
  timeZone,
  responseHours: 4,
  dayOverrides: overrides,
});
const ZONES: Record<Market, string> = {
  mx: "America/Mexico_City",
  br: "America/Sao_Paulo",
  ar: "America/Argentina/Buenos_Aires",
};
/** The promise for a lead arriving at `at` (an ISO instant), in the team's own words: date, time, out of hours. */
const promise = (market: Market, at: string, overrides: SalesCalendar["dayOverrides"] = []) => {
  const p = contactPromise(new Date(at), calendar(ZONES[market], overrides), (date) => isPublicHoliday(market, date));
  return { date: p.date, time: p.time, outOfHours: p.outOfHours, daysLater: p.daysLater, by: p.by.toISOString() };
};

describe("when sales promises to call: 4 business hours, 09:00–18:00 on weekdays", () => {
  it("within the hours: the same day, four hours later, in the team's zone", () => {
    // Monday 9 November 2026, 10:00 in Mexico City (UTC-6 all year since 2022).
    expect(promise("mx", "2026-11-09T16:00:00Z")).toEqual({
      date: "2026-11-09",
      time: "14:00",
      outOfHours: false,
      daysLater: 0,
      by: "2026-11-09T20:00:00.000Z",
    });
    // The same instant is 13:00 in São Paulo and Buenos Aires (UTC-3): 17:00 there.
    expect(promise("br", "2026-11-09T16:00:00Z")).toMatchObject({ date: "2026-11-09", time: "17:00" });
    expect(promise("ar", "2026-11-09T16:00:00Z")).toMatchObject({ date: "2026-11-09", time: "17:00" });
  });

  it("the end of the day: what is left of the four hours runs on from the next opening", () => {
    // Tuesday 10 November, 17:00 / 17:59 / 18:00 in Mexico City.
    expect(promise("mx", "2026-11-10T23:00:00Z")).toMatchObject({ date: "2026-11-11", time: "12:00", daysLater: 1 });
    expect(promise("mx", "2026-11-10T23:59:00Z")).toMatchObject({ date: "2026-11-11", time: "12:59" });
    expect(promise("mx", "2026-11-11T00:00:00Z")).toMatchObject({
      date: "2026-11-11",
      time: "13:00",
      outOfHours: true,
    });
    // At 14:00 exactly the deadline is the closing time itself.
    expect(promise("mx", "2026-11-10T20:00:00Z")).toMatchObject({ date: "2026-11-10", time: "18:00" });
  });

  it("before opening: from the opening, and the lead is out of hours", () => {
    expect(promise("ar", "2026-11-10T10:00:00Z")).toMatchObject({
      date: "2026-11-10",
      time: "13:00",
      outOfHours: true,
    });
  });

  it("a weekend: Friday night and Saturday are answered on Monday", () => {
    // Friday 6 November 2026, 23:00 in Buenos Aires; Saturday noon.
    expect(promise("ar", "2026-11-07T02:00:00Z")).toMatchObject({ date: "2026-11-09", time: "13:00", daysLater: 3 });
    expect(promise("ar", "2026-11-07T15:00:00Z")).toMatchObject({ date: "2026-11-09", outOfHours: true });
    // Two weeks later Monday the 23rd is Argentina's National Sovereignty Day (moved from the 20th): Tuesday.
    expect(promise("ar", "2026-11-21T02:00:00Z")).toMatchObject({ date: "2026-11-24", daysLater: 4 });
  });

  it("a public holiday is skipped: Mexico's Revolution Day, Monday 16 November 2026", () => {
    // Friday 13 November, 19:00 in Mexico City.
    expect(promise("mx", "2026-11-14T01:00:00Z")).toMatchObject({ date: "2026-11-17", time: "13:00", daysLater: 4 });
    // Brazil works that Monday (its holidays are the 15th and the 20th).
    expect(promise("br", "2026-11-13T22:00:00Z")).toMatchObject({ date: "2026-11-16", time: "13:00" });
  });

  it("bank holidays count: Brazil's Carnival Monday and Tuesday", () => {
    // Friday 13 February 2026, 19:00 in São Paulo: the 16th and 17th are closed, Ash Wednesday is open.
    expect(promise("br", "2026-02-13T22:00:00Z")).toMatchObject({ date: "2026-02-18", time: "13:00" });
  });

  it("the marketers' overrides win over the holidays and over the weekly rule", () => {
    // Wednesday 23 December 2026, 17:00 in Mexico City: 24th closed by hand, 25th Christmas, then the weekend.
    const closed = [{ date: "2026-12-24", open: false }];
    expect(promise("mx", "2026-12-23T23:00:00Z", closed)).toMatchObject({ date: "2026-12-28", time: "12:00" });
    // Revolution Day reopened by hand.
    const reopened = [{ date: "2026-11-16", open: true }];
    expect(promise("mx", "2026-11-14T01:00:00Z", reopened)).toMatchObject({ date: "2026-11-16", time: "13:00" });
    // A Saturday opened by hand.
    expect(promise("ar", "2026-11-07T02:00:00Z", [{ date: "2026-11-07", open: true }])).toMatchObject({
      date: "2026-11-07",
      time: "13:00",
    });
  });

  it("follows the zone's rules, not a fixed offset", () => {
    // Mexico City kept summer time until October 2022: 10:00 was UTC-5 then, UTC-6 since.
    expect(promise("mx", "2022-06-01T15:00:00Z").by).toBe("2022-06-01T19:00:00.000Z");
    expect(promise("mx", "2023-06-01T16:00:00Z").by).toBe("2023-06-01T20:00:00.000Z");
    // A deadline across a clock change: New York springs forward on Sunday 8 March 2026. Friday 17:00 EST plus
    // three hours on Monday is 12:00 EDT, 16:00 UTC.
    const ny = contactPromise(new Date("2026-03-06T22:00:00Z"), calendar("America/New_York"), () => false);
    expect([ny.date, ny.time, ny.by.toISOString()]).toEqual(["2026-03-09", "12:00", "2026-03-09T16:00:00.000Z"]);
  });

  it("refuses a calendar without a working day instead of looping", () => {
    const never = { ...calendar(ZONES.mx), salesDays: [] };
    expect(() => contactPromise(new Date("2026-11-09T16:00:00Z"), never, () => false)).toThrow(/No working day/);
  });
});
