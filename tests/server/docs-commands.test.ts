import { expect, test } from "vitest";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { docFiles, readDoc, shellBlocks, type ShellBlock } from "../support/docs/project-docs";
import { E2E_PORTS } from "../../scripts/lib/e2e-hosts";
import { exited, stopProcessGroup } from "../../scripts/lib/server-process";
import { readerShell, runShellBlock } from "../support/docs/shell-block";
import { guardTsconfig } from "../support/servers/tsconfig-guard";

/**
 * Runs the shell blocks of README.md and docs/ as a reader would paste them (see "The documentation is tested" in
 * docs/development.md): a plain block must exit 0; a server block must serve /mx. Blocks tagged `external` need an
 * account and are checked, not run, by tests/unit/docs.test.ts; the `suite` block is the run executing this; the
 * `dev-server` block (the README's start command) is run by tests/e2e/dev-server.spec.ts, which tests that server.
 */
const blocks = shellBlocks(docFiles().map(readDoc));
const PORT = E2E_PORTS.docsServer;
const where = (b: ShellBlock) => `${b.file}:${b.line}`;

/** Each block gets its own build folder and database, so it never touches the suite's build or a developer's. */
function blockEnv(index: number): NodeJS.ProcessEnv {
  const dir = `.data/e2e/docs-${index}`;
  // At the root like .next: Next writes the standalone server.js as an ES module only when the package.json one
  // level above the dist dir says "type": "module".
  const distDir = `.next-docs-${index}`;
  for (const folder of [dir, distDir]) rmSync(folder, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return {
    ...readerShell(),
    PORT: String(PORT),
    NEXT_DIST_DIR: distDir,
    EMBEDDED_DB_DIR: join(dir, "pglite"),
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

/** The block running, and the end of its output for a failure's message. */
function run(block: ShellBlock, env: NodeJS.ProcessEnv) {
  const { child, output } = runShellBlock(block, env);
  return { child, output: () => output().slice(-4000) };
}

test("the docs have commands to run", () => {
  expect(blocks.filter((b) => b.tag === "" || b.tag === "server").length).toBeGreaterThan(1);
});

blocks.forEach((block, index) => {
  if (block.tag === "") {
    test(`${where(block)} runs and exits 0`, { timeout: 600_000 }, async () => {
      const restoreTsconfig = guardTsconfig();
      const { child, output } = run(block, blockEnv(index));
      try {
        expect(await exited(child), `${where(block)}:\n${block.script}\n${output()}`).toBe(0);
      } finally {
        await stopProcessGroup(child, 15_000);
        restoreTsconfig();
      }
    });
  }
  if (block.tag === "server") {
    // A production build on a busy 2-core machine takes minutes; a visitor would not wait, a reader does.
    test(`${where(block)} starts the site`, { timeout: 900_000 }, async () => {
      const restoreTsconfig = guardTsconfig();
      const { child, output } = run(block, blockEnv(index));
      try {
        const deadline = Date.now() + 840_000;
        let status = 0;
        while (status !== 200) {
          expect(child.exitCode, `${where(block)} exited before serving:\n${output()}`).toBeNull();
          expect(Date.now() < deadline, `${where(block)} did not serve /mx (last status ${status}):\n${output()}`).toBe(
            true,
          );
          status = await fetch(`http://localhost:${PORT}/mx`).then(
            (r) => r.status,
            () => 0,
          );
          if (status !== 200) await new Promise((r) => setTimeout(r, 1000));
        }
        const html = await (await fetch(`http://localhost:${PORT}/mx`)).text();
        expect(html).toContain('lang="es-MX"');
      } finally {
        await stopProcessGroup(child, 15_000);
        restoreTsconfig();
      }
    });
  }
});
