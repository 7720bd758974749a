// Loopback addresses of the browser tests' servers. E2E_PORT_BASE moves all of them, so two checkouts on one
// machine can run their suites side by side.
const base = Number(process.env.E2E_PORT_BASE || 3100);

export const E2E_PORTS = { embedded: base, supabase: base + 1, fakeSupabase: base + 2, pixel: base + 3 } as const;

export const E2E_HOSTS = {
  embedded: `http://127.0.0.1:${E2E_PORTS.embedded}`,
  supabase: `http://127.0.0.1:${E2E_PORTS.supabase}`,
  fakeSupabase: `http://127.0.0.1:${E2E_PORTS.fakeSupabase}`,
  /** The build with a Meta pixel (E2E_PIXEL_DIST_DIR), in Supabase mode against the fake. */
  pixel: `http://127.0.0.1:${E2E_PORTS.pixel}`,
} as const;

/** The second e2e build: NEXT_PUBLIC_META_PIXEL_ID is fixed at build time, so a page with a pixel needs its own. */
export const E2E_PIXEL_DIST_DIR = ".next-pixel";
export const E2E_PIXEL_ID = "123456789012345";
