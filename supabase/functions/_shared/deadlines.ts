// Deadlines of the conversion path, shared by the site (the caller) and the meta-conversion function, so the
// caller never gives up on a function that is still within its own deadline toward Meta (a false "failed").

/**
 * Each call the function makes to the database: recording the call's signature, claiming the lead, and releasing it
 * when Meta failed (or, for a lead already claimed, checking that it exists).
 */
export const DATABASE_TIMEOUT_MS = 1_500;
/** The function's deadline toward Meta's Graph API. */
export const META_TIMEOUT_MS = 5_000;
/** The site's deadline for the whole call: the three database calls, Meta, and a second for start-up and network. */
export const CONVERSION_CALL_TIMEOUT_MS = 3 * DATABASE_TIMEOUT_MS + META_TIMEOUT_MS + 1_000;
