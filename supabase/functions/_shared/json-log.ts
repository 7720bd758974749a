/**
 * One JSON object per line with the fields the site's logger writes (level, time, msg, event, leadId), so one log
 * query follows a lead from the site into this function. Printed through console: Supabase's function logs record
 * what a function prints there, at the console method's level. Never personal data: leads are named by id.
 */
export function logLine(
  level: "info" | "warn" | "error",
  event: string,
  msg: string,
  fields: Record<string, unknown> = {},
): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), event, ...fields, msg });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.info(line);
}
