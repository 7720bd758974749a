import { readCappedBody } from "#edge/capped-body";
import { serverEnv } from "@/lib/env/server-env";
import { log } from "@/lib/logging/logger";
import { tagRequest } from "@/lib/logging/request-context";
import { isMarket } from "@/lib/markets/markets";
import { wakeOutbox } from "@/lib/outbox/outbox-runtime";
import { recordStage } from "@/lib/stages/record-stage";
import { STAGE_PAGE_PATH, verifyStageLink } from "@/lib/stages/stage-link";
import { getStageStore } from "@/lib/stages/stage-store";
import { isNotQualifiedReason } from "@/lib/stages/stages";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A form of a token, a market and a reason: well under this. */
const MAX_BODY_BYTES = 1024;

/**
 * The confirmation page's button (a form POST; the page sends no referrer, so browsers send `Origin: null`): records the
 * stage the signed link names, once, and sends the browser back to the page, which shows the outcome. The token is
 * the authority: whoever holds the link may record its stage, and no other. Nothing here logs the token.
 */
export async function POST(request: Request): Promise<Response> {
  const env = serverEnv();
  const bytes = await readCappedBody(request, MAX_BODY_BYTES);
  const form = new URLSearchParams(bytes ? new TextDecoder().decode(bytes) : "");
  const token = form.get("t") ?? "";
  const pathMarket = form.get("m") ?? "";
  const back = (market: string, result?: string) => {
    const query = new URLSearchParams({ t: token, ...(result && { r: result }) });
    return new Response(null, {
      status: 303,
      headers: { location: `${STAGE_PAGE_PATH}/${market}?${query}`, "cache-control": "no-store" },
    });
  };
  const link = env.LEAD_STAGE_SECRET ? verifyStageLink(env.LEAD_STAGE_SECRET, token) : null;
  if (!link?.ok) {
    log.warn("stage.refused", `Stage link refused: ${link ? link.reason : "LEAD_STAGE_SECRET is not set"}`, {
      reason: link?.reason ?? "unconfigured",
    });
    // The page says why, in the language of the market its path named.
    return isMarket(pathMarket) ? back(pathMarket) : new Response("Invalid link", { status: 400 });
  }
  tagRequest({ leadId: link.leadId, market: link.market });
  const reason = link.stage === "not_qualified" ? form.get("reason") : null;
  if (link.stage === "not_qualified" && !isNotQualifiedReason(reason)) return back(link.market);
  const store = getStageStore(env);
  try {
    const lead = store ? await store.lead(link.leadId) : null;
    if (!store || !lead) return back(link.market);
    const outcome = await recordStage(
      store,
      env,
      { lead, stage: link.stage, reason: isNotQualifiedReason(reason) ? reason : null, source: "email_link" },
      wakeOutbox,
    );
    return back(link.market, outcome.outcome === "no_lead" ? undefined : outcome.outcome);
  } catch (error) {
    log.error("stage.failed", "Stage not recorded: the store did not answer", { err: error });
    return back(link.market, "unavailable");
  }
}
