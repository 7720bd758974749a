import { followUp } from "./follow-up";
import { landingPage } from "./landing-page";
import { privacyNotice } from "./privacy-notice";
import {
  benefitCard,
  benefits,
  company,
  contactSection,
  countryOption,
  errorPage,
  hero,
  phonePrefixOption,
  reasonOption,
  savingsEstimate,
  seo,
  siteFooter,
  siteHeader,
  volumeOption,
} from "./objects";
import { sectionTypes } from "./sections";

export const schemaTypes = [
  landingPage,
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
