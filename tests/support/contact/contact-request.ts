import { randomUUID } from "node:crypto";

/** A contact form body as the browser posts it, one the route accepts, with a new submission id each call. */
export const validContactRequest = (overrides: Record<string, unknown> = {}) => ({
  company: "Acme Importaciones",
  contact: "Ana Pérez",
  email: "ana@example.com",
  phonePrefix: "52",
  phone: "55 1234 5678",
  country: "usa",
  reason: "goods",
  volume: "10000-49999",
  market: "mx",
  submissionId: randomUUID(),
  website: "",
  ...overrides,
});
