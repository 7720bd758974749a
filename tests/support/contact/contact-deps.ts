import { MemoryRateLimiter } from "../../../lib/contact/rate-limiter";
import type { ContactDeps } from "../../../lib/contact/handle-contact";

/**
 * The parts of the route's wiring a test of something else leaves as a server with CONTACT_PROOF=off and no limits
 * has them: every lead proven, no bucket ever full, held leads ignored.
 */
export const openIntake = (): Pick<ContactDeps, "limiters" | "proof" | "hold"> => ({
  limiters: {
    invalid: new MemoryRateLimiter(0),
    held: new MemoryRateLimiter(0),
    heldPerHour: new MemoryRateLimiter(0),
    ceiling: new MemoryRateLimiter(0),
  },
  proof: async () => ({ ok: true }),
  hold: () => {},
});
