"use client";

import dynamic from "next/dynamic";

/**
 * A separate chunk, rendered in the browser only: a build without a Sanity project never renders it, so browsers
 * never download it, and the server never renders the Studio (it is a browser application, and compiling it for the
 * server too doubled the build).
 */
export const LazyStudio = dynamic(() => import("./studio-app"), { ssr: false });
