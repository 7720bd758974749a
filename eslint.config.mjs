import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  { ignores: [".next/**", ".sanity/**", "node_modules/**", ".data/**", "lib/content/sanity.types.ts", "supabase/functions/meta-conversion/**", "bench/results/**", "test-results/**", "playwright-report/**"] },
];
export default config;
