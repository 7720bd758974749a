/**
 * Debian's Chromium, shared by Playwright and the benchmarks. The tests run in its headless shell, the lighter build
 * Playwright itself uses for headless runs (about 40% less CPU over the suite than the full browser); the benchmarks,
 * and the few tests of behaviour the two builds differ on, run the full browser.
 */
export const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];
