import { MARKETS, type Market } from "../markets/markets.ts";
import { marketRecipientsVariable, type MarketRecipientsVariable, type ServerEnv } from "./server-schema.ts";

type AlertVariables = Pick<
  ServerEnv,
  "SMTP_URL" | "SALES_EMAIL_FROM" | "SALES_EMAIL_TO" | MarketRecipientsVariable | "LEAD_EMAIL_FROM"
>;

/** Who gets a market's sales alerts: its own list, else SALES_EMAIL_TO; empty when neither is set. */
export function salesRecipients(env: AlertVariables, market: Market): string[] {
  return env[marketRecipientsVariable(market)] ?? env.SALES_EMAIL_TO ?? [];
}

/**
 * A half-configured sales email, naming the variable to set: an SMTP server with no sender or with a market nobody
 * receives, or recipients and a sender (the sales alert's or the lead confirmation's) with no server to send through.
 */
export function salesEmailProblem(env: AlertVariables): { variable: string; message: string } | undefined {
  const recipientsSet = ["SALES_EMAIL_TO", ...MARKETS.map(marketRecipientsVariable)].find(
    (name) => env[name as keyof AlertVariables],
  );
  if (!env.SMTP_URL) {
    const set =
      recipientsSet ??
      (env.SALES_EMAIL_FROM ? "SALES_EMAIL_FROM" : env.LEAD_EMAIL_FROM ? "LEAD_EMAIL_FROM" : undefined);
    return set
      ? { variable: "SMTP_URL", message: `is required when ${set} is set (the SMTP server the emails go through)` }
      : undefined;
  }
  if (!env.SALES_EMAIL_FROM)
    return {
      variable: "SALES_EMAIL_FROM",
      message: "is required when SMTP_URL is set (the sales alert's sender address)",
    };
  const unreached = MARKETS.filter((market) => salesRecipients(env, market).length === 0);
  if (unreached.length === 0) return undefined;
  const names = unreached.map(marketRecipientsVariable).join(", ");
  return {
    variable: "SALES_EMAIL_TO",
    message: `is required when SMTP_URL is set: nobody would get the leads of ${unreached.join(", ")} (or set ${names})`,
  };
}
