import { z } from "zod";

// Zod compiles object parsers with `new Function` where a page allows eval, and finds out by trying once. The
// Studio's policy allows none (lib/security-headers.ts), so Zod is told not to try: its feature test alone would be
// a CSP violation on every visit. Imported first, before the Studio's schemas parse anything.
z.config({ jitless: true });
