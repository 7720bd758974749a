// Loopback addresses of the browser tests' servers. E2E_PORT_BASE moves all of them, so two checkouts on one
// machine can run their suites side by side.
const base = Number(process.env.E2E_PORT_BASE || 3100);

/** `ownServer`: a server a test starts and stops itself (one at a time, the suite runs serially). */
export const E2E_PORTS = { embedded: base, supabase: base + 1, fakeSupabase: base + 2, ownServer: base + 4 } as const;

export const E2E_HOSTS = {
  embedded: `http://127.0.0.1:${E2E_PORTS.embedded}`,
  supabase: `http://127.0.0.1:${E2E_PORTS.supabase}`,
  fakeSupabase: `http://127.0.0.1:${E2E_PORTS.fakeSupabase}`,
} as const;
