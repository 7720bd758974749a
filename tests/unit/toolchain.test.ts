import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * What `npm install` gives a newcomer: the pinned Node, and a decision for every dependency's install script, so npm
 * (which will run none without one) installs the same thing tomorrow as today.
 */
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as {
  allowScripts: Record<string, boolean>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean; optional?: boolean }>;
};

describe("installs", () => {
  it("npm scripts run on the Node that .nvmrc pins, installed by the node package's install script", () => {
    const pinned = readFileSync(".nvmrc", "utf8").trim();
    expect(process.versions.node.split(".")[0]).toBe(pinned);
    expect(lock.packages["node_modules/node"]?.version?.split(".")[0]).toBe(pinned);
    expect(pkg.allowScripts.node).toBe(true);
  });

  it("every install script in the lock is allowed or refused in package.json", () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([path, p]) => path && p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf("node_modules/") + "node_modules/".length));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => typeof pkg.allowScripts[name] !== "boolean")).toEqual([]);
    // And nothing decided for a package that is gone.
    expect(Object.keys(pkg.allowScripts).filter((name) => !withScripts.includes(name))).toEqual([]);
  });

  it("an undecided install script fails the install rather than running", () => {
    expect(readFileSync(".npmrc", "utf8")).toMatch(/^strict-allow-scripts=true$/m);
  });

  it("npm itself finds no install script pending review", () => {
    const out = execFileSync("npm", ["approve-scripts", "--allow-scripts-pending"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    expect(out).toMatch(/No packages with unreviewed install scripts/);
  }, 120_000);
});
