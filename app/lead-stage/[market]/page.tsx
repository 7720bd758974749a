import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { serverEnv } from "@/lib/env/server-env";
import { localTime } from "@/lib/alerts/sales-email";
import { isMarket, type Market } from "@/lib/markets/markets";
import { STAGE_COPY, type StageCopy } from "@/lib/stages/stage-copy";
import { verifyStageLink } from "@/lib/stages/stage-link";
import { getStageStore, type StageLead } from "@/lib/stages/stage-store";
import { NOT_QUALIFIED_REASONS, type RecordedStage, type Stage } from "@/lib/stages/stages";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: PageProps<"/lead-stage/[market]">): Promise<Metadata> {
  const { market } = await params;
  return { title: isMarket(market) ? STAGE_COPY[market].page.title : "Lead" };
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

function Frame({ copy, children }: { copy: StageCopy; children: React.ReactNode }) {
  return (
    // From the top, not centred: the heading stays put as the page changes from question to answer.
    <main className="mx-auto flex max-w-lg flex-col gap-6 px-5 py-8 sm:py-16">
      <h1 className="text-2xl font-bold text-brand-900">{copy.page.title}</h1>
      {children}
    </main>
  );
}

function Notice({ tone, children }: { tone: "ok" | "info" | "error"; children: React.ReactNode }) {
  const colours = {
    ok: "border-emerald-300 bg-emerald-50 text-emerald-900",
    info: "border-brand-100 bg-brand-50 text-brand-900",
    error: "border-red-300 bg-red-50 text-red-900",
  }[tone];
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`rounded-xl border px-4 py-3 text-base ${colours}`}>
      {children}
    </p>
  );
}

function LeadCard({ lead, copy, market }: { lead: StageLead; copy: StageCopy; market: Market }) {
  const current = lead.stage;
  return (
    <dl className="grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-2 rounded-2xl bg-white p-5 text-base shadow-sm ring-1 ring-slate-200">
      <dt className="text-muted">{copy.page.reference}</dt>
      <dd className="font-mono font-semibold tracking-wide">{lead.reference}</dd>
      <dt className="text-muted">{copy.page.company}</dt>
      <dd className="font-semibold break-words">{lead.company}</dd>
      {current ? (
        <>
          <dt className="text-muted">{copy.page.current}</dt>
          <dd>
            {stageName(current, copy)}
            <span className="block text-sm text-muted">{localTime(new Date(current.recordedAt), market)}</span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

const stageName = (stage: Pick<RecordedStage, "stage" | "reason">, copy: StageCopy) =>
  stage.reason ? `${copy.stages[stage.stage]} · ${copy.reasons[stage.reason]}` : copy.stages[stage.stage];

/**
 * The page a stage link of the sales email opens: the lead's reference and company and a button that records the
 * stage (a POST: opening the link records nothing, so mail scanners change nothing), in the language of the lead's
 * market. Already the lead's stage: it says so, and offers no button. A forged or expired link: a page that says so.
 */
export default async function StagePage({ params, searchParams }: PageProps<"/lead-stage/[market]">) {
  const { market } = await params;
  if (!isMarket(market)) notFound();
  const copy = STAGE_COPY[market];
  const query = await searchParams;
  const token = typeof query.t === "string" ? query.t : "";
  const done = query.r === "recorded" || query.r === "already" || query.r === "unavailable" ? query.r : undefined;
  const env = serverEnv();
  const link = env.LEAD_STAGE_SECRET
    ? verifyStageLink(env.LEAD_STAGE_SECRET, token)
    : ({ ok: false, reason: "forged" } as const);
  if (!link.ok)
    return (
      <Frame copy={copy}>
        <Notice tone="error">
          {link.reason === "expired" ? (
            <>
              {copy.page.expired} {copy.page.expiredHint}
            </>
          ) : (
            copy.page.forged
          )}
        </Notice>
      </Frame>
    );
  const store = getStageStore(env);
  const lead = await store?.lead(link.leadId).catch(() => undefined);
  if (lead === undefined)
    return (
      <Frame copy={copy}>
        <Notice tone="error">{copy.page.unavailable}</Notice>
      </Frame>
    );
  if (lead === null)
    return (
      <Frame copy={copy}>
        <Notice tone="error">{copy.page.noLead}</Notice>
      </Frame>
    );
  const stage: Stage = link.stage;
  // A not-qualified link may still change the reason; any other stage the lead has is simply there already.
  const current = lead.stage?.stage === stage;
  const hasIt = current && stage !== "not_qualified";
  return (
    <Frame copy={copy}>
      {done === "recorded" && lead.stage ? (
        <Notice tone="ok">{fill(copy.page.recorded, { stage: stageName(lead.stage, copy) })}</Notice>
      ) : done === "unavailable" ? (
        <Notice tone="error">{copy.page.unavailable}</Notice>
      ) : (done === "already" || current) && lead.stage ? (
        <Notice tone="info">
          {fill(copy.page.already, {
            stage: stageName(lead.stage, copy),
            date: localTime(new Date(lead.stage.recordedAt), market),
          })}
        </Notice>
      ) : null}
      <LeadCard lead={lead} copy={copy} market={market} />
      {hasIt || done === "recorded" ? (
        <p className="text-sm text-muted">{copy.page.changeHint}</p>
      ) : (
        <form method="post" action="/api/leads/stage/confirm" className="flex flex-col gap-5">
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="m" value={market} />
          <p className="text-lg font-semibold">{copy.page.question[stage]}</p>
          {stage === "not_qualified" ? (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-semibold">{copy.page.reasonLegend}</legend>
              {NOT_QUALIFIED_REASONS.map((reason) => (
                <label
                  key={reason}
                  className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl bg-white px-4 ring-1 ring-slate-300 has-[:checked]:ring-2 has-[:checked]:ring-brand-700"
                >
                  <input type="radio" name="reason" value={reason} required className="size-5 accent-brand-700" />
                  {copy.reasons[reason]}
                </label>
              ))}
            </fieldset>
          ) : null}
          <button
            type="submit"
            className="min-h-12 rounded-full bg-brand-700 px-6 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {copy.page.confirm}: {copy.stages[stage]}
          </button>
        </form>
      )}
    </Frame>
  );
}
