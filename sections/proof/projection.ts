import { CONTENT_IMAGE_PROJECTION } from "../../lib/content/content-fields";

/** What the landing query reads of a proof section; absent lists become empty (a literal, so TypeGen types it). */
export const PROOF_PROJECTION = `_type == "proofSection" => {
    title,
    "intro": coalesce(intro, null),
    "figures": coalesce(figures[]{ _key, value, label, note }, []),
    "logosTitle": coalesce(logosTitle, null),
    "logos": coalesce(logos[]{ _key, ${CONTENT_IMAGE_PROJECTION} }, []),
    "testimonials": coalesce(testimonials[]{ _key, quote, name, role, company, "photo": coalesce(photo{ ${CONTENT_IMAGE_PROJECTION} }, null) }, [])
  }`;
