"use client";

import dynamic from "next/dynamic";

/** A separate chunk: a build without a Sanity project never renders it, so browsers never download it. */
export const LazyStudio = dynamic(() => import("./studio-app"));
