import { z } from "zod";

/** Stops with every problem, each naming its variable. */
export function fail(error: z.ZodError): never {
  const lines = error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
  throw new Error(`Invalid environment:\n${lines.join("\n")}`);
}

/** Stops naming one variable. */
export function failOn(variable: string, message: string): never {
  fail(new z.ZodError([{ code: "custom", path: [variable], message, input: undefined }]));
}

/** Both halves of a pair must be set or both unset. */
export function requirePairs(env: Record<string, unknown>, pairs: [string, string][]): void {
  const issues: z.core.$ZodIssue[] = [];
  for (const [a, b] of pairs) {
    if (Boolean(env[a]) !== Boolean(env[b])) {
      const missing = env[a] ? b : a;
      const present = env[a] ? a : b;
      issues.push({ code: "custom", path: [missing], message: `is required when ${present} is set`, input: undefined });
    }
  }
  if (issues.length > 0) fail(new z.ZodError(issues));
}
