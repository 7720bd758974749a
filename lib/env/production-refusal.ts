import { MIN_SECRET_LENGTH } from "#edge/signed-request";
import {
  clientIpHeader,
  countsBackend,
  googleAdsEnabled,
  isLoopbackHost,
  leadEmailOff,
  leadsBackend,
  stagesEnabled,
} from "./env-rules.ts";
import { contentBackend } from "./public-env.ts";
import { redisProblems } from "./redis-rules.ts";
import type { ServerEnv } from "./server-schema.ts";

/** The secrets this server checks callers against or signs with: a production server refuses a short one. */
const SECRETS = [
  "DRAFT_MODE_SECRET",
  "SANITY_REVALIDATE_SECRET",
  "CONVERSION_SIGNING_SECRET",
  "LEAD_WEBHOOK_SECRET",
  "CONTACT_PROOF_SECRET",
  "RESULTS_READ_TOKEN",
  "LEAD_STAGE_SECRET",
  "LEAD_STAGE_TOKEN",
] as const;

/**
 * Why a production server must not start with this environment, as one line; undefined when it may. Development
 * keeps its embedded defaults; production never falls back to them silently.
 */
export function productionRefusal(env: ServerEnv): string | undefined {
  const problems: string[] = [];
  if (leadsBackend(env) === "embedded" && env.LEADS_STORE !== "embedded") {
    problems.push(
      "leads need SUPABASE_URL and SUPABASE_ANON_KEY, or LEADS_STORE=embedded to keep them in the embedded database on this server's disk",
    );
  }
  if (env.CONTACT_RATE_LIMIT_PER_MINUTE > 0 && !clientIpHeader(env)) {
    problems.push(
      "the contact rate limit needs CLIENT_IP_HEADER naming the header your proxy sets to the client's address (e.g. x-real-ip), or CONTACT_RATE_LIMIT_PER_MINUTE=0 to run without a limit",
    );
  }
  if (leadsBackend(env) === "supabase" && !env.CONVERSION_SIGNING_SECRET) {
    problems.push(
      "reporting leads to Meta needs CONVERSION_SIGNING_SECRET, the secret the meta-conversion function checks each call against (set the same value there with `supabase secrets set`)",
    );
  }
  if (env.COUNT_VISITS !== "off" && countsBackend(env) === "unconfigured") {
    problems.push(
      "counting visits needs SUPABASE_SECRET_KEY, the project's secret (or service_role) key, which writes the counts and reads the results (the anon key can do neither), or COUNT_VISITS=off to count nothing",
    );
  }
  if ((stagesEnabled(env) || googleAdsEnabled(env)) && countsBackend(env) === "unconfigured") {
    problems.push(
      `${stagesEnabled(env) ? "recording sales' stages (LEAD_STAGE_SECRET or LEAD_STAGE_TOKEN)" : "reporting conversions to Google Ads"} needs SUPABASE_SECRET_KEY, the project's secret (or service_role) key, which writes the stages and the conversions' outbox (the anon key can do neither)`,
    );
  }
  if (env.CONTACT_PROOF !== "off" && !env.CONTACT_PROOF_SECRET) {
    problems.push(
      "the contact form's proof of work needs CONTACT_PROOF_SECRET to sign its challenges (e.g. `openssl rand -hex 32`; the same value on every instance)",
    );
  }
  for (const name of SECRETS) {
    const value = env[name];
    if (value !== undefined && value.length < MIN_SECRET_LENGTH) {
      problems.push(
        `${name} is ${value.length} characters, and a secret needs at least ${MIN_SECRET_LENGTH} (e.g. \`openssl rand -hex 32\`)`,
      );
    }
  }
  if (
    env.LEAD_WEBHOOK_URL &&
    new URL(env.LEAD_WEBHOOK_URL).protocol === "http:" &&
    !isLoopbackHost(new URL(env.LEAD_WEBHOOK_URL).hostname)
  ) {
    problems.push("LEAD_WEBHOOK_URL is http://, and each call carries a lead's contact details: use an https:// URL");
  }
  problems.push(...redisProblems(env));
  // Vercel runs each request on whichever instance of the function it likes: nothing kept in one process is a bound.
  if (env.VERCEL && !env.REDIS_URL) {
    problems.push(
      "on Vercel any request may reach another instance of the function, so spent proofs, the rate limits, the held-lead cap and the confirmation email's caps need a shared store: set REDIS_URL (e.g. Upstash, rediss://)",
    );
  }
  if (!leadEmailOff(env) && !env.REDIS_URL && !env.VERCEL) {
    problems.push(
      "LEAD_EMAIL_FROM sends confirmations to addresses anyone can type, and their caps (3 a day to a mailbox, LEAD_EMAIL_PER_HOUR) must outlive a restart and hold across instances: set REDIS_URL, or unset LEAD_EMAIL_FROM",
    );
  }
  // The Studio keeps an editor's token in localStorage, which any script on its origin can read: Meta's included.
  if (env.NEXT_PUBLIC_META_PIXEL_ID && contentBackend(env) === "sanity" && !env.STUDIO_HOST) {
    problems.push(
      "NEXT_PUBLIC_META_PIXEL_ID loads Meta's script on every landing page, and the Studio on the same origin keeps editors' tokens where that script can read them: set STUDIO_HOST to a host of the Studio's own (e.g. studio.pagos.example), or unset NEXT_PUBLIC_META_PIXEL_ID",
    );
  }
  if (env.STUDIO_HOST && env.STUDIO_HOST === new URL(env.NEXT_PUBLIC_SITE_URL).host) {
    problems.push("STUDIO_HOST is the host of NEXT_PUBLIC_SITE_URL: the Studio needs a host of its own");
  }
  return problems.length > 0 ? `Refusing to start a production server: ${problems.join("; ")}.` : undefined;
}
