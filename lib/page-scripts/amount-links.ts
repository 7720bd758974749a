import { fill } from "../contact/form-messages";
import { whatsappChatLink } from "../conversation/contact-links";
import { parseAmount, volumeForAmount } from "../savings/estimate";
import { onDocument } from "./document-events";
import { CARRY_AMOUNT_ATTRIBUTE, ESTIMATE_AMOUNT_ID, VOLUME_SELECT_ID } from "./page-elements";

/** The amount typed in the savings estimate, read the way the page's language writes numbers. */
function estimateAmount(): number | null {
  const input = document.getElementById(ESTIMATE_AMOUNT_ID);
  if (!(input instanceof HTMLInputElement)) return null;
  const decimalMark = new Intl.NumberFormat(document.documentElement.lang)
    .formatToParts(1.5)
    .find((p) => p.type === "decimal")?.value;
  return parseAmount(input.value, decimalMark === "," ? "," : ".");
}

/**
 * The links that carry the savings estimate's amount, from the first tap (the estimate's own code loads only when a
 * visitor uses it). The hero's call to action puts the amount's range into the form's volume select; the form, loaded
 * or not yet, sees the bubbling change event or reads the value when it loads. The WhatsApp link adds the amount the
 * visitor typed to its message, never the example amount; no personal data goes into the URL. Without JavaScript both
 * are the plain links the server rendered.
 */
export function wireAmountLinks(): void {
  onDocument("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link) return;
    if (link.hasAttribute(CARRY_AMOUNT_ATTRIBUTE)) {
      const amount = estimateAmount();
      const volume = document.getElementById(VOLUME_SELECT_ID);
      if (!amount || !(volume instanceof HTMLSelectElement)) return;
      volume.value = volumeForAmount(amount);
      volume.dispatchEvent(new Event("change", { bubbles: true }));
      return;
    }
    const { whatsappNumber, whatsappMessage, whatsappAmountLine, whatsappDefaultAmount } = link.dataset;
    if (!whatsappNumber || whatsappMessage === undefined || whatsappAmountLine === undefined) return;
    const amount = estimateAmount();
    if (!amount || amount === Number(whatsappDefaultAmount)) return;
    const usd = new Intl.NumberFormat(document.documentElement.lang, {
      style: "currency",
      currency: "USD",
      maximumFractionDigits: 0,
    });
    link.href = whatsappChatLink(
      whatsappNumber,
      `${whatsappMessage} ${fill(whatsappAmountLine, { amount: usd.format(amount) })}`,
    );
  });
}
