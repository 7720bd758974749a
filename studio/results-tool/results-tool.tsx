import { ChartUpwardIcon, DownloadIcon } from "@sanity/icons";
import { Button, Card, Flex, Grid, Heading, Label, Select, Spinner, Stack, Text, TextInput } from "@sanity/ui";
import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { definePlugin, useClient, useCurrentLocale, useTranslation } from "sanity";
import { shownTotals, type Results, type ResultsRow } from "../../lib/analytics/results";
import type { Figures } from "../../lib/analytics/results-join";
import { daysBetween } from "../../lib/analytics/results-params";
import { SANITY_API_VERSION } from "../../lib/content/sanity-api-version";
import { MARKETS, type Market } from "../../lib/markets/markets";
import { marketDay, MARKET_TIME_ZONES } from "../../lib/markets/time-zones";
import { deskKey, STUDIO_NAMESPACE } from "../studio-locales";
import { ExperimentResultsView } from "./experiment-results-view";
import { toCsv, type CsvValue } from "./results-csv";
import { resultsKey, type ResultsWord } from "./results-words";
import { ScrollTable } from "./scroll-table";

/**
 * The Results tool: what converts, per market, page, campaign and device, read from GET /api/results on the Studio's
 * own origin with the signed-in member's Sanity token. Every word comes from results-words.ts in the Studio's language.
 */
export const RESULTS_TOOL = "results";

type Range = "today" | "7" | "30" | "custom";
type Breakdown = "page" | "campaign" | "device";
type Column = "page" | "source" | "medium" | "campaign" | "device" | keyof Omit<Figures, "leadsExceedVisitors">;
type State =
  | { kind: "loading" }
  | { kind: "ready"; results: Results; request: string }
  | { kind: "error"; word: ResultsWord; request: string };

function rangeDays(range: Range, market: Market, custom: { from: string; to: string }) {
  if (range === "custom") return custom;
  const to = marketDay(market);
  const days = range === "today" ? 0 : Number(range) - 1;
  return { from: new Date(Date.parse(`${to}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10), to };
}

function ResultsView() {
  const { t } = useTranslation(STUDIO_NAMESPACE);
  const w = useCallback((word: ResultsWord, values?: Record<string, unknown>) => t(resultsKey(word), values), [t]);
  const locale = useCurrentLocale().id;
  const client = useClient({ apiVersion: SANITY_API_VERSION });
  const token = client.config().token;
  const [market, setMarket] = useState<Market>(MARKETS[0]);
  const [range, setRange] = useState<Range>("7");
  const [custom, setCustom] = useState(() => rangeDays("7", MARKETS[0], { from: "", to: "" }));
  const [breakdown, setBreakdown] = useState<Breakdown>("campaign");
  const [page, setPage] = useState<string>("");
  const [sort, setSort] = useState<{ column: Column; descending: boolean }>({ column: "visits", descending: true });
  const [answer, setAnswer] = useState<State>({ kind: "loading" });
  const [reload, setReload] = useState(0);
  const { from, to } = rangeDays(range, market, custom);
  // An answer to an earlier choice is shown as loading until this choice's answer arrives.
  const request = JSON.stringify([from, to, market, breakdown, reload]);
  const state: State = answer.kind !== "loading" && answer.request === request ? answer : { kind: "loading" };

  useEffect(() => {
    const controller = new AbortController();
    const by = breakdown === "page" ? ["page"] : ["page", breakdown];
    const query = new URLSearchParams({ from, to, market });
    for (const key of by) query.append("by", key);
    fetch(`/api/results?${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (response.ok) return setAnswer({ kind: "ready", results: (await response.json()) as Results, request });
        const body = (await response.json().catch(() => ({}))) as { reason?: string };
        setAnswer({
          kind: "error",
          request,
          word:
            response.status === 401
              ? "signedOut"
              : response.status === 400
                ? "badRange"
                : body.reason === "unconfigured"
                  ? "unconfigured"
                  : "storeDown",
        });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ kind: "error", word: "storeDown", request });
        return error;
      });
    return () => controller.abort();
  }, [from, to, market, breakdown, token, request]);

  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const percent = useMemo(
    () => new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    [locale],
  );
  const score = useMemo(
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    [locale],
  );
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }), [locale]);
  const day = (value: string) => date.format(new Date(`${value}T00:00:00Z`));

  const results = state.kind === "ready" ? state.results : undefined;
  const pages = useMemo(() => (results?.pages ?? []).map((row) => row.page).sort(), [results]);
  const rows = useMemo(() => {
    const shown = (results?.rows ?? []).filter((row) => !page || row.page === page);
    const value = (row: ResultsRow): string | number => {
      if (sort.column === "conversionRate") return row.conversionRate?.value ?? -1;
      if (sort.column === "campaign") return campaignText(row);
      const v = row[sort.column];
      return typeof v === "number" || typeof v === "string" ? v : -1;
    };
    return [...shown].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
      return sort.descending ? -order : order;
    });
  }, [results, page, sort]);

  // On screen a campaign is one column, "source / medium / campaign", so the figures fit beside it on a phone; the CSV
  // keeps the three parts apart for a spreadsheet.
  const keyColumns: Column[] =
    breakdown === "campaign" ? ["page", "campaign"] : breakdown === "device" ? ["page", "device"] : ["page"];
  const csvKeyColumns: Column[] = breakdown === "campaign" ? ["page", "source", "medium", "campaign"] : keyColumns;
  const figureColumns: Column[] = [
    "visits",
    "visitors",
    "formStarts",
    "leads",
    "held",
    "conversionRate",
    "qualified",
    "won",
  ];
  // The CSV gives each share of leads a column of its own; on screen it sits beside its count.
  const csvFigureColumns: Column[] = [...figureColumns, "qualifiedRate", "wonRate"];
  const columns = [...keyColumns, ...figureColumns];
  const title = (column: Column): string => w(column === "conversionRate" ? "conversion" : (column as ResultsWord));
  const count = (value: number | null) => (value === null ? "—" : number.format(value));
  // No visit, no visitor: a period without traffic shows 0 rather than "not counted".
  const shownVisitors = (figures: Figures, figure: "visits" | "visitors" | "formStarts" | "leads" | "held") =>
    figure === "visitors" && figures.visits === 0 ? 0 : figures[figure];
  const rate = (figures: Figures) => (figures.conversionRate ? percent.format(figures.conversionRate.value) : "—");
  const cell = (row: ResultsRow, column: Column): string => {
    if (column === "device") return row.device ? w(row.device) : "—";
    if (column === "campaign" && breakdown === "campaign") return campaignText(row);
    if (column === "conversionRate") return rate(row);
    if (column === "qualified" || column === "won") {
      const share = row[column === "qualified" ? "qualifiedRate" : "wonRate"];
      return share === null ? count(row[column]) : `${count(row[column])} · ${percent.format(share)}`;
    }
    const value = row[column];
    return typeof value === "number" ? number.format(value) : (value ?? "—");
  };

  const download = () => {
    // What the rate's cell shows under it too: its interval and the previous period's rate.
    const header = [
      ...[...csvKeyColumns, ...csvFigureColumns].map(title),
      w("intervalLow"),
      w("intervalHigh"),
      `${w("conversion")} (${w("previous")})`,
    ];
    const share = (value: number | undefined | null): CsvValue =>
      value === null || value === undefined ? null : Number(value.toFixed(4));
    const csv = toCsv(
      header,
      rows.map((row): CsvValue[] => [
        ...csvKeyColumns.map((column) => (column === "campaign" ? (row.campaign ?? "") : cell(row, column))),
        ...csvFigureColumns.map((column): CsvValue =>
          column === "conversionRate"
            ? share(row.conversionRate?.value)
            : column === "qualifiedRate" || column === "wonRate"
              ? share(row[column])
              : (row[column] as number | null),
        ),
        share(row.conversionRate?.low),
        share(row.conversionRate?.high),
        share(row.previous.conversionRate?.value),
      ]),
    );
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv;charset=utf-8" }));
    link.download = `results-${market}-${from}-${to}.csv`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  const totals = results ? shownTotals(results, page) : undefined;
  const visitorsUnavailable = Boolean(totals && totals.visits > 0 && totals.visitors === null);
  return (
    <Card padding={[3, 4, 5]} height="fill" overflow="auto" data-testid="results-tool">
      <Stack space={5} style={{ maxWidth: 1400 }}>
        <Stack space={3}>
          <Heading as="h1" size={3}>
            {w("title")}
          </Heading>
          <Text muted size={1}>
            {w("intro", { zone: MARKET_TIME_ZONES[market] })}
          </Text>
        </Stack>
        <Flex gap={3} wrap="wrap" align="flex-end">
          <Field label={w("market")} id="results-market">
            <Select
              id="results-market"
              value={market}
              onChange={(e) => {
                // A page belongs to one market: the next market's table starts on all of its pages.
                setMarket(e.currentTarget.value as Market);
                setPage("");
              }}
            >
              {MARKETS.map((m) => (
                <option key={m} value={m}>
                  {t(deskKey.market(m))}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={w("page")} id="results-page">
            <Select id="results-page" value={page} onChange={(e) => setPage(e.currentTarget.value)}>
              <option value="">{w("allPages")}</option>
              {pages.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={w("range")} id="results-range">
            <Select id="results-range" value={range} onChange={(e) => setRange(e.currentTarget.value as Range)}>
              <option value="today">{w("today")}</option>
              <option value="7">{w("last7")}</option>
              <option value="30">{w("last30")}</option>
              <option value="custom">{w("custom")}</option>
            </Select>
          </Field>
          {range === "custom" ? (
            <>
              <Field label={w("from")} id="results-from">
                <TextInput
                  id="results-from"
                  type="date"
                  value={custom.from}
                  onChange={(e) => setCustom({ ...custom, from: e.currentTarget.value })}
                />
              </Field>
              <Field label={w("to")} id="results-to">
                <TextInput
                  id="results-to"
                  type="date"
                  value={custom.to}
                  onChange={(e) => setCustom({ ...custom, to: e.currentTarget.value })}
                />
              </Field>
            </>
          ) : null}
          <Field label={w("breakdown")} id="results-breakdown">
            <Select
              id="results-breakdown"
              value={breakdown}
              onChange={(e) => setBreakdown(e.currentTarget.value as Breakdown)}
            >
              <option value="page">{w("byPage")}</option>
              <option value="campaign">{w("byCampaign")}</option>
              <option value="device">{w("byDevice")}</option>
            </Select>
          </Field>
          <Button mode="ghost" text={w("refresh")} onClick={() => setReload((n) => n + 1)} />
          <Button
            icon={DownloadIcon}
            mode="ghost"
            text={w("download")}
            disabled={rows.length === 0}
            onClick={download}
          />
        </Flex>
        <Text size={1} muted>
          {results && from === to
            ? w("comparedWithDay", { from: day(from), previousFrom: day(results.previous.from) })
            : results
              ? w("comparedWith", {
                  from: day(from),
                  to: day(to),
                  days: daysBetween(from, to),
                  previousFrom: day(results.previous.from),
                  previousTo: day(results.previous.to),
                })
              : `${day(from)} – ${day(to)}`}
        </Text>

        {state.kind === "loading" ? (
          <Flex align="center" gap={3}>
            <Spinner muted />
            <Text muted>{w("loading")}</Text>
          </Flex>
        ) : state.kind === "error" ? (
          <Notice tone={state.word === "storeDown" ? "caution" : "critical"}>{w(state.word)}</Notice>
        ) : totals && results ? (
          <>
            <Grid columns={[2, 2, 4, 8]} gap={3}>
              {(["visits", "visitors", "formStarts", "leads", "held"] as const).map((figure) => (
                <Summary
                  key={figure}
                  label={w(figure)}
                  value={count(shownVisitors(totals, figure))}
                  previous={w("previousValue", { value: count(shownVisitors(totals.previous, figure)) })}
                />
              ))}
              <Summary
                label={w("conversion")}
                value={rate(totals)}
                detail={
                  totals.conversionRate
                    ? w("interval", {
                        low: percent.format(totals.conversionRate.low),
                        high: percent.format(totals.conversionRate.high),
                      })
                    : undefined
                }
                previous={w("previousValue", { value: rate(totals.previous) })}
              />
              {(["qualified", "won"] as const).map((figure) => {
                const share = totals[figure === "qualified" ? "qualifiedRate" : "wonRate"];
                return (
                  <Summary
                    key={figure}
                    label={w(figure)}
                    value={count(totals[figure])}
                    detail={share === null ? undefined : w("ofLeads", { rate: percent.format(share) })}
                    previous={w("previousValue", { value: count(totals.previous[figure]) })}
                  />
                );
              })}
            </Grid>
            {visitorsUnavailable ? <Notice tone="caution">{w("visitorsUnavailable")}</Notice> : null}
            {results.rows.length === 0 ? (
              <Notice tone="primary">{w("empty")}</Notice>
            ) : (
              <ScrollTable label={w("title")}>
                <table style={{ borderCollapse: "collapse", width: "100%", fontSize: 13 }}>
                  <thead>
                    <tr>
                      {columns.map((column) => {
                        const active = sort.column === column;
                        return (
                          <th
                            key={column}
                            scope="col"
                            aria-sort={active ? (sort.descending ? "descending" : "ascending") : "none"}
                            style={headStyle(figureColumns.includes(column))}
                          >
                            <button
                              type="button"
                              title={w("sortBy", { column: title(column) })}
                              onClick={() =>
                                setSort({ column, descending: active ? !sort.descending : column !== "page" })
                              }
                              style={sortButtonStyle}
                            >
                              {title(column)}
                              {active ? (sort.descending ? " ▼" : " ▲") : ""}
                            </button>
                          </th>
                        );
                      })}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row, index) => (
                      <tr key={index} style={{ borderTop: "1px solid var(--card-border-color, #e3e4e8)" }}>
                        {columns.map((column) => (
                          <td key={column} style={cellStyle(figureColumns.includes(column))}>
                            {column === "conversionRate" ? (
                              <RateCell row={row} rate={rate} percent={percent} w={w} />
                            ) : (
                              cell(row, column)
                            )}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollTable>
            )}
            <Stack space={2}>
              <Text size={1} muted>
                {w("visitorsNote")}
              </Text>
              <Text size={1} muted>
                {w("heldNote")}
              </Text>
              <Text size={1} muted>
                {w("stagesNote")}
              </Text>
              {breakdown === "device" && rows.some((row) => !row.device) ? (
                <Text size={1} muted>
                  {w("noDevice")}
                </Text>
              ) : null}
              {rows.some((row) => row.leadsExceedVisitors) ? (
                <Text size={1} muted>
                  {w("exceed")}
                </Text>
              ) : null}
            </Stack>
            <Stack space={3}>
              <Heading as="h2" size={1}>
                {w("speed")}
              </Heading>
              <Text size={1} muted>
                {w("speedIntro")}
              </Text>
              {results.vitals.length === 0 ? (
                <Text size={1} muted>
                  {w("noSamples")}
                </Text>
              ) : (
                <table style={{ borderCollapse: "collapse", fontSize: 13 }}>
                  <thead>
                    <tr>
                      <th scope="col" style={headStyle(false)}>
                        {w("page")}
                      </th>
                      {(["LCP", "INP", "CLS"] as const).map((metric) => (
                        <th key={metric} scope="col" style={headStyle(true)}>
                          {metric}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {results.vitals
                      .filter((v) => !page || v.page === page)
                      .map((v) => (
                        <tr key={v.page} style={{ borderTop: "1px solid var(--card-border-color, #e3e4e8)" }}>
                          <td style={cellStyle(false)}>{v.page}</td>
                          {(["LCP", "INP", "CLS"] as const).map((metric) => {
                            const p = v[metric];
                            const value = !p
                              ? w("noSamples")
                              : `${p.over ? "> " : "≤ "}${metric === "CLS" ? score.format(p.value) : `${number.format(p.value)} ms`}`;
                            return (
                              <td key={metric} style={cellStyle(true)}>
                                <div>{value}</div>
                                {p ? (
                                  <div style={{ opacity: 0.7, fontSize: 11 }}>
                                    {w("samples", { count: number.format(p.samples) })}
                                  </div>
                                ) : null}
                              </td>
                            );
                          })}
                        </tr>
                      ))}
                  </tbody>
                </table>
              )}
            </Stack>
          </>
        ) : null}
        <ExperimentResultsView market={market} client={client} locale={locale} w={w} />
      </Stack>
    </Card>
  );
}

/** A row's campaign as marketers write it: source / medium / campaign. */
const campaignText = (row: ResultsRow) => [row.source, row.medium, row.campaign].filter(Boolean).join(" / ");

function RateCell({
  row,
  rate,
  percent,
  w,
}: {
  row: ResultsRow;
  rate: (figures: Figures) => string;
  percent: Intl.NumberFormat;
  w: (word: ResultsWord, values?: Record<string, unknown>) => string;
}) {
  if (row.leadsExceedVisitors) return <span title={w("exceed")}>—*</span>;
  return (
    <>
      <div>{rate(row)}</div>
      {row.conversionRate ? (
        <div style={{ opacity: 0.7, fontSize: 11 }}>
          {percent.format(row.conversionRate.low)} – {percent.format(row.conversionRate.high)}
        </div>
      ) : null}
      {row.previous.visits > 0 ? (
        <div style={{ opacity: 0.7, fontSize: 11 }} title={w("previous")}>
          {w("previousValue", { value: rate(row.previous) })}
        </div>
      ) : null}
    </>
  );
}

function Field({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Stack space={2} style={{ minWidth: 150 }}>
      <Label as="label" htmlFor={id} size={1}>
        {label}
      </Label>
      {children}
    </Stack>
  );
}

function Summary({
  label,
  value,
  detail,
  previous,
}: {
  label: string;
  value: string;
  detail?: string;
  previous: string;
}) {
  return (
    <Card padding={3} radius={2} shadow={1}>
      <Stack space={3}>
        <Label size={1} muted>
          {label}
        </Label>
        <Text size={4} weight="semibold">
          {value}
        </Text>
        {detail ? (
          <Text size={0} muted>
            {detail}
          </Text>
        ) : null}
        <Text size={0} muted>
          {previous}
        </Text>
      </Stack>
    </Card>
  );
}

function Notice({ tone, children }: { tone: "primary" | "caution" | "critical"; children: ReactNode }) {
  return (
    <Card padding={4} radius={2} tone={tone} border role="status">
      <Text size={1}>{children}</Text>
    </Card>
  );
}

const headStyle = (numeric: boolean) =>
  ({ textAlign: numeric ? "right" : "left", padding: "8px 10px", whiteSpace: "nowrap", fontWeight: 600 }) as const;
const cellStyle = (numeric: boolean) =>
  ({
    textAlign: numeric ? "right" : "left",
    whiteSpace: numeric ? "nowrap" : undefined,
    padding: "8px 10px",
    verticalAlign: "top",
    fontVariantNumeric: "tabular-nums",
    minWidth: numeric ? undefined : 96,
    maxWidth: numeric ? undefined : 280,
    overflowWrap: "break-word",
  }) as const;
const sortButtonStyle = {
  font: "inherit",
  fontWeight: 600,
  color: "inherit",
  background: "none",
  border: 0,
  padding: 0,
  cursor: "pointer",
} as const;

/** The Studio plugin that adds the tool to the navbar (its title translated by the navbar's tool menu). */
export const resultsTool = definePlugin({
  name: "puente-results",
  tools: [{ name: RESULTS_TOOL, title: "Results", icon: ChartUpwardIcon, component: ResultsView }],
});
