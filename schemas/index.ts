import { landingPage } from "./landing-page";
import { privacyNotice } from "./privacy-notice";
import { benefitCard, benefits, contactSection, countryOption, errorPage, hero, phonePrefixOption, reasonOption, seo, siteFooter, siteHeader, volumeOption } from "./objects";

export const schemaTypes = [landingPage, seo, siteHeader, hero, benefitCard, benefits, contactSection, phonePrefixOption, countryOption, reasonOption, volumeOption, siteFooter, errorPage, privacyNotice];
