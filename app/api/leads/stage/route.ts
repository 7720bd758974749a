import { serverEnv } from "@/lib/env/server-env";
import { wakeOutbox } from "@/lib/outbox/outbox-runtime";
import { handleStageRequest } from "@/lib/stages/handle-stage-request";
import { getStageStore, serverRoleCall } from "@/lib/stages/stage-store";
import { observedRequest } from "@/lib/telemetry/observed-request";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * POST /api/leads/stage: a CRM records sales' verdict on a lead, signed with LEAD_STAGE_SECRET as our webhook signs, or
 * with LEAD_STAGE_TOKEN as a bearer token (docs/leads.md). Each accepted signature is recorded in the leads store until
 * it leaves the replay window, where every instance sees it.
 */
export function POST(request: Request): Promise<Response> {
  const env = serverEnv();
  return observedRequest(request, "lead.stage", () =>
    handleStageRequest(request, {
      env,
      store: getStageStore(env),
      claimSignature: async (signature, expiresAt) => {
        const call = serverRoleCall(env);
        if (!call) throw new Error("No server credential for the leads store");
        return (await call("claim_request_signature", { signature, expires_at: expiresAt.toISOString() })) === true;
      },
      wake: wakeOutbox,
    }),
  );
}
