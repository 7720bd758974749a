/** What the landing query reads of an FAQ section (a literal, so TypeGen types it). */
export const FAQ_PROJECTION = `_type == "faqSection" => { title, items[]{ _key, question, answer } }`;
