import { randomUUID } from "node:crypto";
import { toRow, type Lead } from "../../../lib/contact/leads-store-contract";
import type { LeadRow } from "../../../lib/contact/migrations";

/** A stored lead as the alerts receive it: a Mexican importer who came from two campaigns. */
export const sampleLead = (overrides: Partial<Lead> = {}): Lead => ({
  id: randomUUID(),
  company: "Acme Importaciones",
  contact: "Ana Pérez",
  email: "ana@example.com",
  phonePrefix: "52",
  phone: "5512345678",
  phoneE164: "+525512345678",
  country: "usa",
  reason: "goods",
  volume: "10000-49999",
  market: "mx",
  consent: "granted",
  noticeVersion: "2026-11-23",
  variant: "mx-china-titulo--ahorro",
  device: "phone",
  attribution: {
    first: {
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "pagos-usa",
      gclid: "Cj0KCQiA",
      landing_url: "https://pagos.example/mx?utm_source=google&gclid=Cj0KCQiA",
      referrer: "https://www.google.com/",
      at: "2026-11-02T16:05:00.000Z",
    },
    last: {
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "noviembre",
      landing_url: "https://pagos.example/mx?utm_source=newsletter",
      at: "2026-11-23T21:30:00.000Z",
    },
  },
  ...overrides,
});

/** The sample lead's row, as the stores write it (toRow), under a new id; `overrides` replaces columns. */
export const sampleRow = (overrides: Partial<LeadRow> = {}): LeadRow => ({ ...toRow(sampleLead()), ...overrides });
