import { createHash } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Where Next records each script's integrity hash when `experimental.sri` is on (JSON, and the same as a script). */
const SRI_MANIFEST = "server/subresource-integrity-manifest";

export type IntegrityManifest = {
  /** `sha256-…` (or sha384, sha512) by file, relative to the build folder. */
  hashes: Record<string, string>;
  /**
   * Sets a file's hash to that of `bytes`, in the algorithm of the hash `like` has (the file's own by default); it
   * throws, naming the manifest, when that file has none.
   */
  hash: (file: string, bytes: string | Buffer, like?: string) => void;
};

/** The build's integrity hashes, or null when Subresource Integrity is off (no manifest). */
export async function readIntegrityManifest(distDir: string): Promise<IntegrityManifest | null> {
  const manifestPath = path.join(distDir, `${SRI_MANIFEST}.json`);
  let hashes: Record<string, string>;
  try {
    hashes = JSON.parse(await readFile(manifestPath, "utf8")) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const hash = (file: string, bytes: string | Buffer, like = file) => {
    const algorithm = /^(sha256|sha384|sha512)-/.exec(hashes[like] ?? "")?.[1];
    if (!algorithm) throw new Error(`${manifestPath} has no integrity hash for ${like}: Next's build output changed`);
    hashes[file] = `${algorithm}-${createHash(algorithm).update(bytes).digest("base64")}`;
  };
  return { hashes, hash };
}

/** Writes the hashes back, as JSON and as the script the server loads. */
export async function writeIntegrityManifest(distDir: string, hashes: Record<string, string>): Promise<void> {
  await writeFile(path.join(distDir, `${SRI_MANIFEST}.json`), JSON.stringify(hashes, null, 2));
  await writeFile(
    path.join(distDir, `${SRI_MANIFEST}.js`),
    `self.__SUBRESOURCE_INTEGRITY_MANIFEST=${JSON.stringify(JSON.stringify(hashes))}`,
  );
}
