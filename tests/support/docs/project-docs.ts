import GithubSlugger from "github-slugger";
import MarkdownIt from "markdown-it";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The project's documentation as the docs tests read it: README.md and every Markdown file in docs/, parsed with
 * markdown-it (the parser, not regular expressions, decides what is a code block, a link or inline code).
 */
export type ShellBlock = { file: string; line: number; tag: string; script: string };
export type DocFile = {
  file: string;
  text: string;
  /** Fenced blocks: the first word of the info string, the rest, the content, the line (1-based). */
  fences: { lang: string; tag: string; content: string; line: number }[];
  /** Link and image targets as written. */
  links: { href: string; line: number }[];
  inlineCode: { code: string; line: number }[];
  /** GitHub's anchors of the file's headings (`## A b` → `a-b`). */
  anchors: Set<string>;
};

const SHELLS = new Set(["sh", "bash", "shell", "console"]);

export function docFiles(): string[] {
  return [
    "README.md",
    ...readdirSync("docs")
      .filter((f) => f.endsWith(".md"))
      .sort()
      .map((f) => join("docs", f)),
  ];
}

export function readDoc(file: string): DocFile {
  const text = readFileSync(file, "utf8");
  const tokens = new MarkdownIt().parse(text, {});
  const doc: DocFile = { file, text, fences: [], links: [], inlineCode: [], anchors: new Set() };
  const slugger = new GithubSlugger();
  tokens.forEach((token, index) => {
    const line = (token.map?.[0] ?? 0) + 1;
    if (token.type === "fence") {
      const [lang = "", ...rest] = token.info.trim().split(/\s+/);
      doc.fences.push({ lang, tag: rest.join(" "), content: token.content, line: line });
    }
    if (token.type === "heading_open") doc.anchors.add(slugger.slug(tokens[index + 1]!.content));
    if (token.type !== "inline") return;
    for (const child of token.children ?? []) {
      if (child.type === "link_open") doc.links.push({ href: child.attrGet("href") ?? "", line });
      if (child.type === "image") doc.links.push({ href: child.attrGet("src") ?? "", line });
      if (child.type === "code_inline") doc.inlineCode.push({ code: child.content, line });
    }
  });
  return doc;
}

/** Shell blocks, each with its tag (see docs/development.md: "" runs, server, dev-server, suite, external). */
export function shellBlocks(docs: DocFile[]): ShellBlock[] {
  return docs.flatMap((d) =>
    d.fences
      .filter((f) => SHELLS.has(f.lang))
      .map((f) => ({ file: d.file, line: f.line, tag: f.tag, script: f.content })),
  );
}

/** The commands of a shell script, one per logical line (backslash continuations joined, comments dropped). */
export function commands(script: string): string[] {
  return script
    .replace(/\\\n\s*/g, " ")
    .split("\n")
    .map((l) => l.replace(/(^|\s)#.*$/, "").trim())
    .filter(Boolean)
    .flatMap((l) => l.split(/\s*(?:&&|\|\||;)\s*/))
    .filter(Boolean);
}
