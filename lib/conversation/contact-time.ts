import { WEEKDAYS, minutesOf, type Weekday } from "../content/follow-up-content";

/**
 * When sales promises to call: `responseHours` business hours after the lead arrived, counted only while the sales
 * team works (its days, opening to closing, in its own time zone) and never on a day off. Everything is computed in
 * the team's wall-clock time, through the time zone database (Intl), so a zone's offset changes are followed.
 */

/** A market's working week, as the follow-up content describes it. */
export type SalesCalendar = {
  salesDays: readonly Weekday[];
  opens: string;
  closes: string;
  timeZone: string;
  responseHours: number;
  /** Days the marketers opened or closed by hand, over the weekly rule and the public holidays. */
  dayOverrides: readonly { date: string; open: boolean }[];
};

export type ContactPromise = {
  /** The moment by which sales will have called. */
  by: Date;
  /** The lead arrived while the team was not working (a closed day, or outside the hours). */
  outOfHours: boolean;
  /** The deadline in the team's zone: its date (YYYY-MM-DD), time (HH:MM), and days after the arrival's date. */
  date: string;
  time: string;
  daysLater: number;
};

/** A run of closed days longer than this means the content is wrong (no working day at all): the search stops. */
const MAX_DAYS_AHEAD = 60;

const partsFormat = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  let format = partsFormat.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partsFormat.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, minutes: Number(p.hour) * 60 + Number(p.minute) };
}

const dayNumber = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / 86_400_000;
const dateOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
/** Monday first, as WEEKDAYS lists them (1970-01-01 was a Thursday). */
const weekdayOf = (date: string): Weekday => WEEKDAYS[(dayNumber(date) + 3) % 7]!;

/** The instant a wall-clock time of `date` in `timeZone` names (the later reading when a zone's clock jumps). */
function instantOf(date: string, minutes: number, timeZone: string): Date {
  const wall = dayNumber(date) * 86_400_000 + minutes * 60_000;
  const offsetAt = (instant: number) => {
    const local = wallClock(new Date(instant), timeZone);
    return dayNumber(local.date) * 86_400_000 + local.minutes * 60_000 - Math.floor(instant / 60_000) * 60_000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

/**
 * The promise for a lead arriving at `now`. `isHoliday` says whether a date (YYYY-MM-DD) is a public holiday in the
 * team's country; a day override wins over it and over the weekly rule.
 */
export function contactPromise(
  now: Date,
  calendar: SalesCalendar,
  isHoliday: (date: string) => boolean,
): ContactPromise {
  const opens = minutesOf(calendar.opens);
  const closes = minutesOf(calendar.closes);
  const overrides = new Map(calendar.dayOverrides.map((d) => [d.date, d.open]));
  const isOpen = (date: string) =>
    overrides.get(date) ?? (calendar.salesDays.includes(weekdayOf(date)) && !isHoliday(date));

  const arrival = wallClock(now, calendar.timeZone);
  const outOfHours = !(isOpen(arrival.date) && arrival.minutes >= opens && arrival.minutes < closes);
  let remaining = calendar.responseHours * 60;
  let date = arrival.date;
  let from = arrival.minutes;
  for (let day = 0; day <= MAX_DAYS_AHEAD; day++) {
    if (isOpen(date)) {
      const start = Math.max(from, opens);
      const available = Math.max(0, closes - start);
      if (remaining <= available) {
        const minutes = start + remaining;
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        return {
          by: instantOf(date, minutes, calendar.timeZone),
          outOfHours,
          date,
          time,
          daysLater: dayNumber(date) - dayNumber(arrival.date),
        };
      }
      remaining -= available;
    }
    date = dateOf(dayNumber(date) + 1);
    from = 0;
  }
  throw new Error(
    `No working day within ${MAX_DAYS_AHEAD} days of ${arrival.date}: check the sales days and overrides`,
  );
}
