// The secrets the browser tests' servers run with: as long as production requires (32 characters or more), so the
// servers start as a production deployment would.
export const E2E_SECRETS = {
  SANITY_REVALIDATE_SECRET: "e2e-revalidate-secret-0123456789abcdef",
  DRAFT_MODE_SECRET: "e2e-draft-mode-secret-0123456789abcdef",
  CONVERSION_SIGNING_SECRET: "e2e-conversion-signing-secret-0123456789",
  CONTACT_PROOF_SECRET: "e2e-contact-proof-secret-0123456789abcdef",
  RESULTS_READ_TOKEN: "e2e-results-read-token-0123456789abcdef",
  // Sales' stage links and the CRM endpoint's signature, and the endpoint's bearer token.
  LEAD_STAGE_SECRET: "e2e-lead-stage-secret-0123456789abcdef",
  LEAD_STAGE_TOKEN: "e2e-lead-stage-token-0123456789abcdef",
} as const;
