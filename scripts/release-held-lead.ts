// Releases a held lead and sends its sales alert (docs/leads.md):
//   SUPABASE_SERVICE_ROLE_KEY=… npx tsx --conditions=react-server scripts/release-held-lead.ts <lead id>
// with the site's environment (SUPABASE_URL and the alert settings: SMTP_URL, SALES_EMAIL_*, LEAD_WEBHOOK_*). The
// service-role key is the operator's, for this run only: the site never holds it.
import { alertSales } from "../lib/alerts/sales-alerts";
import { releaseHeldLead } from "../lib/contact/release-held-lead";
import { readServerEnv } from "../lib/env/env";

const [id] = process.argv.slice(2);
const serviceRoleKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
const env = readServerEnv();
if (!id || !serviceRoleKey || !env.SUPABASE_URL) {
  console.error("Usage: SUPABASE_SERVICE_ROLE_KEY=… (and SUPABASE_URL) release-held-lead.ts <lead id>");
  process.exit(2);
}
const outcome = await releaseHeldLead(id, { supabaseUrl: env.SUPABASE_URL, serviceRoleKey });
if (!outcome.released) {
  console.error(outcome.why === "missing" ? `No lead ${id}` : `Lead ${id} is not held (released already?)`);
  process.exit(1);
}
await alertSales(outcome.lead, outcome.receivedAt);
console.log(`Released ${id}; its sales alert was sent (see the alert.sent / alert.failed lines above).`);
