// `npm start`: the standalone server `next build` writes (output: "standalone"), run as the Dockerfile runs it,
// `node server.js` on PORT (default 3000) and HOSTNAME (default every interface). Next leaves the static assets
// (and public/) out of the standalone folder; they are copied in once per build (a build empties its folder).
// NEXT_DIST_DIR names another build's folder, as for `next build`.
import { copyFileSync, cpSync, existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

const root = process.cwd();
const distDir = process.env.NEXT_DIST_DIR || ".next";
const standalone = resolve(root, distDir, "standalone");
if (!existsSync(join(standalone, "server.js"))) {
  console.error(`No standalone server in ${join(distDir, "standalone")}: run \`npm run build\` first.`);
  process.exit(1);
}
const staticCopy = join(standalone, distDir, "static");
if (!existsSync(staticCopy)) cpSync(resolve(root, distDir, "static"), staticCopy, { recursive: true });
if (existsSync("public") && !existsSync(join(standalone, "public")))
  cpSync("public", join(standalone, "public"), { recursive: true });

// server.js works in its own folder; the files a developer edits or keeps (the dataset, the embedded database)
// stay where lib/env/server-schema.ts puts them by default, in the repository, and relative paths mean from here.
const env = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };
const pathDefaults = { CONTENT_DATASET_FILE: "studio/seed/landing.ndjson", EMBEDDED_DB_DIR: ".data/pglite" };
for (const [name, fallback] of Object.entries(pathDefaults)) {
  const value = env[name] || fallback;
  env[name] = isAbsolute(value) ? value : resolve(root, value);
}
// Next writes server.js as CommonJS when the build folder is not at the top of the repository (it looks for
// package.json beside that folder), while the package.json it copies says "module": run that one as .cjs.
let server = join(standalone, "server.js");
if (!/^import /m.test(readFileSync(server, "utf8"))) {
  copyFileSync(server, join(standalone, "server.cjs"));
  server = join(standalone, "server.cjs");
}
// This process becomes the server: signals (a platform's SIGTERM, Ctrl-C) reach Next's shutdown directly.
process.execve(process.execPath, [process.execPath, server], env);
