/** What the landing query reads of a call-to-action section (a literal, so TypeGen types it). */
export const CALL_TO_ACTION_PROJECTION = `_type == "callToActionSection" => { title, body, cta }`;
