import { addCompileHints } from "../../lib/build/compile-hints.ts";

// The benchmark's empty App Router page: the same packages as the site, with the same compile hints on its start-up
// chunks, and nothing of the site's own (bench/lib/empty-app.ts builds and serves it).
const config = {
  compiler: { runAfterProductionCompile: async ({ distDir }) => void (await addCompileHints(distDir)) },
  poweredByHeader: false,
};
export default config;
