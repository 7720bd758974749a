import localFont from "next/font/local";

// Self-hosted from @fontsource (no request leaves the origin); the variable file covers every weight we use.
// `optional`, not `swap`: the file is preloaded, so it is there for the first paint almost always; when it is
// late the page keeps the fallback rather than swapping under the visitor, which moved the header (a layout shift).
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  display: "optional",
  weight: "100 900",
});
