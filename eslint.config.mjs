import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  // No import cycles, dynamic imports included: shared types and errors live in a leaf module. Only our own files
  // are followed (parsing every dependency's modules would multiply the time lint takes).
  {
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      ".sanity/**",
      "node_modules/**",
      ".data/**",
      "lib/content/sanity.types.ts",
      "bench/results/**",
      "bench/empty-app/.next/**",
      "test-results/**",
      "playwright-report/**",
    ],
  },
];
export default config;
