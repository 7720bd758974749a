import { campaignPage } from "./campaign-page";
import { experiment } from "./experiment";
import { followUp } from "./follow-up";
import { landingPage } from "./landing-page";
import { privacyNotice } from "./privacy-notice";
import { benefitCard, benefits } from "./benefits";
import { company } from "./company";
import { contactSection } from "./contact-form";
import { countryOption, phonePrefixOption, reasonOption, volumeOption } from "./form-options";
import { hero, savingsEstimate } from "./hero";
import { seo } from "./seo";
import { errorPage, siteFooter, siteHeader } from "./site-frame";
import { sectionTypes } from "./sections";

export const schemaTypes = [
  landingPage,
  campaignPage,
  experiment,
  seo,
  siteHeader,
  company,
  savingsEstimate,
  hero,
  benefitCard,
  benefits,
  ...sectionTypes,
  contactSection,
  followUp,
  phonePrefixOption,
  countryOption,
  reasonOption,
  volumeOption,
  siteFooter,
  errorPage,
  privacyNotice,
];
