// The local Content Lake as a process, for the Sanity-mode build and server of the browser tests:
// `node tests/support/sanity/fake-content-lake-process.ts <port> [dataset.ndjson]`.
import { startFakeSanityApi } from "./fake-content-lake-api.ts";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0)
  throw new Error("usage: fake-content-lake-process.ts <port> [dataset.ndjson]");
const api = await startFakeSanityApi(process.argv[3] ?? "studio/seed/landing.ndjson", port);
console.log(`fake Content Lake on ${api.url}`);
const stop = () => void api.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
