import { Badge, Box, Button, Card, Dialog, Flex, Heading, Stack, Text } from "@sanity/ui";
import { useEffect, useMemo, useState } from "react";
import type { SanityClient } from "sanity";
import type { Results } from "../../lib/analytics/results";
import type { ExperimentResult } from "../../lib/experiments/experiment-results";
import { shipVariantByKey } from "../../lib/experiments/ship-variant";
import type { Market } from "../../lib/markets/markets";
import { marketDay } from "../../lib/markets/time-zones";
import { useExperimentWords } from "../../schemas/localised-field";
import { ShipVariantChoices } from "../ship-variant-choices";
import type { ResultsWord } from "./results-words";
import { ScrollTable } from "./scroll-table";

type Words = (word: ResultsWord, values?: Record<string, unknown>) => string;

/** An experiment runs at most 90 days: its whole result is in the last 90 days (and the range API takes 366). */
const DAYS = 90;

/**
 * The Results tool's experiments: each experiment of the market, its variants against the control (GET /api/results
 * with by=variant), the split's check and the traffic it still needs, and the way to ship a variant of one that has
 * not stopped, where the marketer reads whether it won. The page's other figures stay above.
 */
export function ExperimentResultsView({
  market,
  client,
  locale,
  w,
}: {
  market: Market;
  /** The Studio's client: its token reads the results, and it ships a variant. */
  client: SanityClient;
  locale: string;
  w: Words;
}) {
  const token = client.config().token;
  const ew = useExperimentWords();
  const [experiments, setExperiments] = useState<{ market: Market; list: ExperimentResult[] } | undefined>();
  const [shipping, setShipping] = useState<ExperimentResult>();
  // Shipped from here: its button goes at once, before the results read the stop (the webhook refreshes them).
  const [shipped, setShipped] = useState<readonly string[]>([]);
  const [reload, setReload] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const to = marketDay(market);
    const from = new Date(Date.parse(`${to}T00:00:00Z`) - (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
    const query = new URLSearchParams({ from, to, market, by: "variant" });
    fetch(`/api/results?${query}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) return;
        const body = (await response.json()) as Results;
        setExperiments({ market, list: body.experiments ?? [] });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [market, token, reload]);

  const number = useMemo(() => new Intl.NumberFormat(locale), [locale]);
  const percent = useMemo(
    () => new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    [locale],
  );
  const signed = useMemo(
    () =>
      new Intl.NumberFormat(locale, {
        style: "percent",
        minimumFractionDigits: 1,
        maximumFractionDigits: 1,
        signDisplay: "exceptZero",
      }),
    [locale],
  );
  const whole = useMemo(() => new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 0 }), [locale]);

  if (!experiments || experiments.market !== market) return null;
  return (
    <Stack space={4} data-testid="experiment-results">
      <Stack space={3}>
        <Heading as="h2" size={2}>
          {w("experiments")}
        </Heading>
        <Text muted size={1}>
          {w("experimentsIntro")}
        </Text>
      </Stack>
      {experiments.list.length === 0 ? <Text size={1}>{w("noExperiments")}</Text> : null}
      {experiments.list.map((experiment) => (
        <Card key={experiment.key} padding={[3, 4]} radius={2} border>
          <Stack space={4}>
            <Flex gap={2} wrap="wrap" align="center">
              <Heading as="h3" size={1}>
                {experiment.name}
              </Heading>
              <Badge tone={experiment.running ? "positive" : "default"}>
                {w(experiment.running ? "running" : "stopped")}
              </Badge>
              {experiment.example ? <Badge tone="caution">{w("example")}</Badge> : null}
            </Flex>
            <Text muted size={1}>
              {experiment.page}
              {experiment.hypothesis ? ` · ${experiment.hypothesis}` : ""}
            </Text>
            {experiment.sampleRatio?.mismatch ? (
              <Card padding={3} radius={2} tone="critical" border role="alert">
                <Text size={1}>
                  {w("sampleRatioMismatch", {
                    observed: experiment.variants
                      .map((v) => whole.format(v.visitors / Math.max(1, sum(experiment.variants))))
                      .join(" / "),
                    expected: experiment.variants.map((v) => whole.format(v.share)).join(" / "),
                    p: experiment.sampleRatio.pValue.toExponential(1),
                  })}
                </Text>
              </Card>
            ) : null}
            <ScrollTable label={experiment.name}>
              <table style={{ borderCollapse: "collapse", width: "100%", fontSize: 13 }}>
                <thead>
                  <tr>
                    {(
                      ["variant", "share", "visitors", "leads", "conversion", "versusControl", "beatsControl"] as const
                    ).map((word, i) => (
                      <th key={word} scope="col" style={head(i > 0)}>
                        {w(word)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {experiment.variants.map((variant, index) => (
                    <tr key={variant.key} style={{ borderTop: "1px solid var(--card-border-color)" }}>
                      {/* On a phone the name keeps a readable width; the figures scroll beside it. */}
                      <th scope="row" style={{ ...cell(false), fontWeight: 500, minWidth: "9em" }}>
                        {variant.name}
                        {index === 0 ? <span style={{ opacity: 0.7 }}> ({w("control")})</span> : null}
                      </th>
                      <td style={cell(true)}>{whole.format(variant.share)}</td>
                      <td style={cell(true)}>{number.format(variant.visitors)}</td>
                      <td style={cell(true)}>{number.format(variant.leads)}</td>
                      <td style={cell(true)}>
                        {variant.rate ? (
                          <>
                            <div>{percent.format(variant.rate.value)}</div>
                            <div style={small}>
                              {percent.format(variant.rate.low)} – {percent.format(variant.rate.high)}
                            </div>
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td style={cell(true)}>
                        {variant.relative ? (
                          <>
                            <div>{signed.format(variant.relative.value)}</div>
                            <div style={small}>
                              {signed.format(variant.relative.low)} – {signed.format(variant.relative.high)}
                            </div>
                          </>
                        ) : (
                          "—"
                        )}
                      </td>
                      <td style={cell(true)}>
                        {variant.probabilityToBeat === null ? "—" : whole.format(variant.probabilityToBeat)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
            <Text size={1} muted>
              {experiment.needed
                ? w("needed", {
                    lift: whole.format(experiment.needed.lift),
                    total: number.format(experiment.needed.total),
                    more: number.format(experiment.needed.more),
                  })
                : w("neededUnknown")}
              {experiment.trials === "visits" ? ` ${w("perVisit")}` : ""}
            </Text>
            {experiment.stoppedAt || shipped.includes(experiment.id) ? null : (
              <Flex>
                <Button mode="ghost" text={ew("ship")} onClick={() => setShipping(experiment)} />
              </Flex>
            )}
            {experiment.shipped ? (
              <Text size={1}>
                {w("shippedVariant", {
                  name: experiment.variants.find((v) => v.key === experiment.shipped)?.name ?? experiment.shipped,
                })}
              </Text>
            ) : null}
            {experiment.conclusion ? (
              <Text size={1}>
                <strong>{w("conclusion")}:</strong> {experiment.conclusion}
              </Text>
            ) : null}
          </Stack>
        </Card>
      ))}
      {shipping ? (
        <Dialog
          id="ship-variant"
          header={ew("shipTitle")}
          width={1}
          onClose={() => (setShipping(undefined), setReload((n) => n + 1))}
        >
          <Box padding={4}>
            <ShipVariantChoices
              variants={shipping.variants.slice(1)}
              ship={async (key) => {
                const page = await shipVariantByKey(client, shipping.id, key);
                setShipped((ids) => [...ids, shipping.id]);
                return page;
              }}
            />
          </Box>
        </Dialog>
      ) : null}
    </Stack>
  );
}

const sum = (variants: readonly { visitors: number }[]) => variants.reduce((total, v) => total + v.visitors, 0);
const head = (numeric: boolean) =>
  ({ textAlign: numeric ? "right" : "left", padding: "6px 8px", whiteSpace: "nowrap", fontWeight: 600 }) as const;
const cell = (numeric: boolean) =>
  ({
    textAlign: numeric ? "right" : "left",
    whiteSpace: numeric ? "nowrap" : undefined,
    padding: "6px 8px",
    verticalAlign: "top",
    fontVariantNumeric: "tabular-nums",
  }) as const;
const small = { opacity: 0.7, fontSize: 11 } as const;
