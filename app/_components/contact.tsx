import type { ReactNode } from "react";
import type { LandingContent } from "@/lib/content/landing-content";
import { contactFormCopy } from "@/lib/content/contact-content";
import type { FormPreset } from "@/lib/campaign/campaign-content";
import type { ConsentScope } from "@/lib/consent/browser-consent";
import type { Market } from "@/lib/markets/markets";
import { confirmationCopy } from "./contact-confirmation";
import { ContactForm } from "./contact-form";
import { WhatsAppLink } from "./whatsapp-link";

type Props = {
  market: Market;
  content: LandingContent;
  consent: ConsentScope;
  formNote?: ReactNode;
  page?: string;
  preset?: FormPreset;
};

/** Server side of the form: turns content into the plain strings the client leaf needs. */
export function Contact({ market, content, consent, formNote, page, preset }: Props) {
  const { contact, locale, currency } = content;

  const copy = { ...contactFormCopy(contact, locale, currency), followUp: confirmationCopy(content.followUp) };
  const { followUp } = content;

  return (
    <section id="contact-form" aria-labelledby="contact-title" className="bg-white">
      <div className="page-width grid gap-10 py-16 sm:py-20 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <h2 id="contact-title" className="section-title">
            {contact.title}
          </h2>
          <p className="mt-4 text-lg text-muted">{contact.intro}</p>
          {followUp?.whatsappNumber ? (
            <WhatsAppLink
              number={followUp.whatsappNumber}
              message={followUp.whatsappBefore}
              amountLine={followUp.whatsappAmount}
              defaultAmount={content.hero.estimate.defaultAmount}
              label={followUp.whatsappBeforeLabel}
              newTabLabel={followUp.newTabLabel}
            />
          ) : null}
        </div>
        <div className="lg:col-span-3">
          <ContactForm
            key={market}
            copy={copy}
            defaultPhonePrefix={content.defaultPhonePrefix}
            market={market}
            consent={consent}
            page={page}
            preset={preset}
          />
          {formNote}
        </div>
      </div>
    </section>
  );
}
