import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

// The embedded dataset's images (studio/seed/images), named as Sanity's CDN names them (<sha1>-<w>x<h>.<ext>):
// copied into the build, served from this origin, never fetched from anywhere at run time.
export const dynamic = "force-static";
export const dynamicParams = false;

const DIR = "studio/seed/images";
const TYPES: Record<string, string> = { svg: "image/svg+xml", png: "image/png", jpg: "image/jpeg", webp: "image/webp" };

export function generateStaticParams() {
  return readdirSync(join(process.cwd(), DIR)).map((file) => ({ file }));
}

export async function GET(_request: Request, { params }: RouteContext<"/seed-images/[file]">) {
  const { file } = await params;
  const type = TYPES[file.split(".").pop() ?? ""];
  if (!type || file.includes("/")) return new Response("Not found", { status: 404 });
  return new Response(await readFile(join(process.cwd(), DIR, file)), {
    headers: {
      "content-type": type,
      // The name is the file's hash: a changed image is a new name. Its Content-Security-Policy is next.config.ts's
      // (SEED_IMAGE_CSP), which would replace one set here.
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
