import { defineCliConfig } from "sanity/cli";

// Placeholders keep offline commands (schema extract, typegen, build) working without a project.
export default defineCliConfig({
  api: {
    projectId: process.env.NEXT_PUBLIC_SANITY_PROJECT_ID || "local",
    dataset: process.env.NEXT_PUBLIC_SANITY_DATASET || "production",
  },
  // A deployed Studio stays on the version in package-lock.json, like the embedded one.
  deployment: { autoUpdates: false },
  typegen: {
    path: "./lib/content/queries.ts",
    schema: "./studio/schema.json",
    generates: "./lib/content/sanity.types.ts",
  },
});
