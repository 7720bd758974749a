// Empty PGlite databases for the tests, copied from one made once per PGlite version: PGlite runs initdb for every
// new database, 3 to 4 s of CPU each time, where a copy costs milliseconds. The migrations still run on every copy,
// as they do on a new database. Tests of the site's own first start (the README's commands, the embedded store's
// first open) leave their folder empty, so the site runs initdb itself there.
import { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "../../../lib/contact/migrations.ts";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const { version } = JSON.parse(readFileSync(join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
  version: string;
};
const TEMPLATE = join(root, ".data/pglite-template", version);
/** The template's folder, as PGlite writes it, and the same as a tar file PGlite loads into memory. */
const templateDir = join(TEMPLATE, "pgdata");
const templateTar = join(TEMPLATE, "pgdata.tar");

let making: Promise<void> | undefined;

/**
 * Makes the template unless it exists. Processes that run at once may each make one: each writes its own folder and
 * renames it into place, and the first rename wins.
 */
export function ensureDatabaseTemplate(): Promise<void> {
  making ??= (async () => {
    if (existsSync(templateTar)) return;
    const draft = `${TEMPLATE}.${process.pid}-${Date.now()}`;
    mkdirSync(draft, { recursive: true });
    try {
      const db = await PGlite.create(join(draft, "pgdata"));
      const tar = await db.dumpDataDir("none");
      await db.close();
      writeFileSync(join(draft, "pgdata.tar"), Buffer.from(await tar.arrayBuffer()));
      try {
        renameSync(draft, TEMPLATE);
      } catch (error) {
        if (!existsSync(templateTar)) throw error;
      }
    } finally {
      rmSync(draft, { recursive: true, force: true });
    }
  })();
  return making;
}

/** A new in-memory database, empty as after initdb. */
export async function emptyDatabase(): Promise<PGlite> {
  await ensureDatabaseTemplate();
  return PGlite.create({ loadDataDir: new Blob([readFileSync(templateTar)]) });
}

/** Puts an empty database in `dir` (which must not exist yet), for a server whose EMBEDDED_DB_DIR it is. */
export async function emptyDatabaseDir(dir: string): Promise<void> {
  await ensureDatabaseTemplate();
  cpSync(templateDir, dir, { recursive: true });
}

const MIGRATIONS = join(root, "supabase/migrations");
let migrated: Promise<string> | undefined;

/**
 * The migrated template's tar file, made unless it exists: named after the migrations and the code that applies them,
 * so a changed or added migration makes a new one. Processes that run at once may each make it, each writing its own
 * file and renaming it into place.
 */
function ensureMigratedTemplate(): Promise<string> {
  migrated ??= (async () => {
    const hash = createHash("sha256").update(readFileSync(join(root, "lib/contact/migrations.ts")));
    for (const file of readdirSync(MIGRATIONS).sort())
      hash.update(`\0${file}\0`).update(readFileSync(join(MIGRATIONS, file)));
    const tar = join(TEMPLATE, `migrated-${hash.digest("hex").slice(0, 16)}.tar`);
    if (existsSync(tar)) return tar;
    const db = await emptyDatabase();
    try {
      await migrate(db, MIGRATIONS);
      // Written to disk, so a copy opens without replaying the migrations' WAL.
      await db.exec("checkpoint");
      const draft = `${tar}.${process.pid}-${Date.now()}`;
      writeFileSync(draft, Buffer.from(await (await db.dumpDataDir("none")).arrayBuffer()));
      renameSync(draft, tar);
      // The templates of earlier migrations (40 MB each) are of no further use.
      for (const old of readdirSync(TEMPLATE))
        if (/^migrated-[0-9a-f]{16}\.tar$/.test(old) && join(TEMPLATE, old) !== tar)
          rmSync(join(TEMPLATE, old), { force: true });
    } finally {
      await db.close();
    }
    return tar;
  })();
  return migrated;
}

/**
 * A new in-memory database as migrate() leaves an empty one, copied from one migrated once: the migrations take more
 * CPU than the copy. Tests of migrating itself start from emptyDatabase().
 */
export async function migratedDatabase(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: new Blob([readFileSync(await ensureMigratedTemplate())]) });
}
