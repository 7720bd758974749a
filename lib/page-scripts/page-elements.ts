/**
 * What the page's server markup and its inline scripts (lib/page-scripts/) agree on: element ids, data attributes and
 * the class the head script puts on <html>. One place, so neither side can rename what the other looks for.
 */

/** The tracking banner; hidden unless <html> has BANNER_OPEN_CLASS (app/globals.css). */
export const BANNER_ID = "consent-banner";
/** Set on <html> by the head script, before the body is parsed, when this visitor has not answered this notice. */
export const BANNER_OPEN_CLASS = "consent-open";
/** The banner's buttons carry their answer; its "now" line the words for each answer (this, then -granted, -denied). */
export const CHOICE_ATTRIBUTE = "data-consent-choice";
export const NOW_ATTRIBUTE = "data-consent-now";
/** Controls that bring the banner back (the footer's cookie preferences), hidden until the page script runs. */
export const REOPEN_ATTRIBUTE = "data-consent-reopen";

/**
 * The benefits' heading, the first element after the first screen (header, banner, hero and its estimate): the browser
 * paints nothing until it is parsed (a render-blocking `<link rel="expect">` in the market's layout), so a slow
 * connection or a busy phone never paints a half-parsed first screen that then moves as the rest arrives.
 */
export const AFTER_FIRST_SCREEN_ID = "benefits-title";

/** The privacy notice, opened by CSS :target from plain links. */
export const NOTICE_ID = "privacy-notice";
/**
 * The notice's text while the page does not have it: a link to the text's own address, which the page script replaces
 * with the text it loads from there.
 */
export const NOTICE_TEXT_ATTRIBUTE = "data-notice-text";

/** The savings estimate's card, whose code loads when a visitor first uses it. */
export const ESTIMATE_ID = "savings-estimate";
/** The savings estimate's amount, and the links that carry it: the hero's call to action and the WhatsApp link. */
export const ESTIMATE_AMOUNT_ID = "estimate-amount";
export const CARRY_AMOUNT_ATTRIBUTE = "data-carry-amount";
export const VOLUME_SELECT_ID = "contact-volume";
