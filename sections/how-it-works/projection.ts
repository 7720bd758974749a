/** What the landing query reads of a how-it-works section (a literal, so TypeGen types it). */
export const HOW_IT_WORKS_PROJECTION = `_type == "howItWorksSection" => { title, "intro": coalesce(intro, null), steps[]{ _key, title, body } }`;
