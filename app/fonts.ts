import localFont from "next/font/local";

// Self-hosted from @fontsource (no request leaves the origin); the variable file covers every weight we use.
export const inter = localFont({
  src: "../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  variable: "--font-inter",
  display: "swap",
  weight: "100 900",
});
