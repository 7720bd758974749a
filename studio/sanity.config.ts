import { defineConfig } from "sanity";
import { structureTool } from "sanity/structure";
import { schemaTypes } from "../schemas";

export default defineConfig({
  name: "default",
  title: "Puente Pagos",
  projectId: process.env.NEXT_PUBLIC_SANITY_PROJECT_ID || "local",
  dataset: process.env.NEXT_PUBLIC_SANITY_DATASET || "production",
  basePath: "/studio",
  plugins: [structureTool()],
  schema: { types: schemaTypes },
});
