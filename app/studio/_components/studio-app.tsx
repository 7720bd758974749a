"use client";

import "./zod-without-eval";
import { NextStudio } from "next-sanity/studio";
import config from "@/studio/sanity.config";

/** The Studio itself (several megabytes of JavaScript), loaded only where it is rendered. */
export default function StudioApp() {
  return <NextStudio config={config} />;
}
