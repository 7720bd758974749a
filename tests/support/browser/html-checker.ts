import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

/** The W3C Nu HTML Checker as the npm package ships it; run with the machine's Java (see ensure-system-tools). */
const VNU_JAR = String(createRequire(import.meta.url)("vnu-jar"));
const JAVA = process.env.JAVA_PATH || "java";

type VnuMessage = {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  extract?: string;
};

export type HtmlProblem = { document: string; line?: number; message: string; extract?: string };

/**
 * The one error of the checker's that the HTML standard contradicts: `blocking="render"` is valid on `<link
 * rel="expect">` (https://html.spec.whatwg.org/multipage/links.html#link-type-expect), while the checker's schema
 * still allows `blocking` only on stylesheets. Only that message on that element is left out.
 */
const behindTheStandard = (m: VnuMessage) =>
  m.message.startsWith("A “link” element with a “blocking” attribute must have a “rel” attribute") &&
  /<link rel="expect"[^>]*blocking="render"/.test(m.extract ?? "");

/**
 * Checks named HTML documents in one run of the checker (one JVM start for all of them) and returns its errors;
 * warnings and notes are left out. `documents` maps a name, used in the result, to the HTML.
 */
export async function htmlErrors(documents: Record<string, string>): Promise<HtmlProblem[]> {
  const dir = mkdtempSync(join(tmpdir(), "vnu-"));
  try {
    const names = new Map<string, string>();
    const files = Object.entries(documents).map(([name, html], index) => {
      const file = join(dir, `${index}.html`);
      writeFileSync(file, html);
      names.set(file, name);
      return file;
    });
    const { stdout } = await promisify(execFile)(
      JAVA,
      // The JIT's quick tier only: a run checks a few dozen documents and ends, and the optimising tier costs more CPU
      // than it saves in so short a run. Its deeper frames need the larger stack the checker's docs suggest.
      [
        "-Xss4m",
        "-XX:TieredStopAtLevel=1",
        "-jar",
        VNU_JAR,
        "--format",
        "json",
        "--stdout",
        "--exit-zero-always",
        ...files,
      ],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    return messages
      .filter((m) => (m.type === "error" || m.type === "non-document-error") && !behindTheStandard(m))
      .map((m) => ({
        document: names.get(m.url ? new URL(m.url).pathname : "") ?? m.url ?? "(checker)",
        line: m.lastLine,
        message: m.message,
        extract: m.extract,
      }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per problem, for an assertion message a reader can act on. */
export function describeProblems(problems: HtmlProblem[]): string {
  return problems
    .map(
      (p) =>
        `${p.document}${p.line ? `:${p.line}` : ""}: ${p.message}${p.extract ? `\n    ${p.extract.replace(/\s+/g, " ").slice(0, 200)}` : ""}`,
    )
    .join("\n");
}
