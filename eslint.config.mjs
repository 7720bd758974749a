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
  // Imports point one way: app → sections → lib, and the Studio's schemas → sections → lib. Tests import anything;
  // nothing imports a test, so the bench, the scripts and Playwright's configuration share what they use with the
  // tests through scripts/lib/. Two leaves are allowed by name: sections/section-types.ts (the list of section types,
  // their contracts and projections, no component), which lib/content's page contract and query need, and
  // schemas/fields.ts (the Studio's field builders), which each section's schema uses.
  {
    files: ["**/*.{ts,tsx,mts,mjs}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "tests/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib",
              from: ["./app", "./schemas", "./studio", "./tests", "./bench", "./scripts"],
              message: "lib/ is the bottom layer (app → sections → lib).",
            },
            {
              target: "./lib",
              from: "./sections",
              except: ["./section-types.ts"],
              message: "lib/ is the bottom layer (app → sections → lib); only the list of section types is shared.",
            },
            {
              target: "./sections",
              from: ["./app", "./studio", "./tests"],
              message: "sections/ is below the app (app → sections → lib): move what both use beside the sections.",
            },
            {
              target: "./sections",
              from: "./schemas",
              except: ["./fields.ts"],
              message: "sections/ is below the Studio's schemas; a section's schema uses schemas/fields.ts only.",
            },
            {
              target: "./schemas",
              from: ["./app", "./studio", "./tests"],
              message: "schemas/ is below the Studio and beside the app (studio → schemas → sections → lib).",
            },
            {
              target: ["./app", "./studio", "./proxy.ts", "./next.config.ts", "./instrumentation.ts"],
              from: ["./tests", "./bench", "./scripts"],
              message: "The site imports no test, benchmark or script.",
            },
            {
              target: ["./bench", "./scripts", "./playwright.config.ts"],
              from: "./tests",
              message: "Nothing imports a test: what tooling shares with the tests lives in scripts/lib/.",
            },
          ],
        },
      ],
    },
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
