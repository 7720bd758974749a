import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readDataset } from "../support/sanity/dataset-file";

const SEED_DIR = "studio/seed";

type ImageField = { _sanityAsset?: string; asset?: { _ref?: string } };

/** Every image field in the seed's documents (objects carrying an asset reference or an import instruction). */
function imageFields(value: unknown, found: ImageField[] = []): ImageField[] {
  if (Array.isArray(value)) value.forEach((v) => imageFields(v, found));
  else if (value && typeof value === "object") {
    const field = value as ImageField & Record<string, unknown>;
    if (field._sanityAsset || field.asset?._ref?.startsWith("image-")) found.push(field);
    else Object.values(field).forEach((v) => imageFields(v, found));
  }
  return found;
}

const svgSize = (svg: string) => {
  const root = /<svg\b[^>]*>/.exec(svg)![0];
  return { width: Number(/\bwidth="(\d+)"/.exec(root)?.[1]), height: Number(/\bheight="(\d+)"/.exec(root)?.[1]) };
};

describe("the seed's images", () => {
  const images = imageFields(readDataset(`${SEED_DIR}/landing.ndjson`));

  it("exist, and each is imported under the id the site reads its size from", () => {
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      // `sanity dataset import` uploads the file named here (relative to the NDJSON) and points `asset` at it; Sanity
      // names an image `image-<sha1>-<width>x<height>-<ext>`, so the reference the embedded site reads is the same.
      const file = /^image@file:\/\/\.\/(images\/[^/]+)$/.exec(image._sanityAsset ?? "")?.[1];
      expect(file, JSON.stringify(image)).toBeTruthy();
      const path = join(SEED_DIR, file!);
      expect(existsSync(path), path).toBe(true);
      const bytes = readFileSync(path);
      const { width, height } = svgSize(bytes.toString("utf8"));
      const sha1 = createHash("sha1").update(bytes).digest("hex");
      expect(image.asset?._ref).toBe(`image-${sha1}-${width}x${height}-svg`);
      // The file carries Sanity's CDN name, which the embedded site serves it under (app/seed-images).
      expect(file).toBe(`images/${sha1}-${width}x${height}.svg`);
    }
  });

  it("holds no file the seed does not use", () => {
    const used = new Set(images.map((i) => i._sanityAsset!.replace("image@file://./images/", "")));
    expect(readdirSync(join(SEED_DIR, "images")).filter((f) => !used.has(f))).toEqual([]);
  });
});
