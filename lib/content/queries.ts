import { defineQuery } from "next-sanity";

// Projections keep each field's document name, so a problem the contract finds maps back to the field a marketer
// edits (landing-document-rules.ts); absent optional fields become null and absent lists empty.

/** An image with its alternative text; its size is read from the asset id (content-fields.ts). */
const IMAGE_FIELDS = `asset, "crop": coalesce(crop, null), "hotspot": coalesce(hotspot, null), alt`;

/** One projection per section type (lib/content/sections/ holds their contracts). */
const HOW_IT_WORKS = `_type == "howItWorksSection" => { title, "intro": coalesce(intro, null), steps[]{ _key, title, body } }`;
const PROOF = `_type == "proofSection" => {
    title,
    "intro": coalesce(intro, null),
    "figures": coalesce(figures[]{ _key, value, label, note }, []),
    "logosTitle": coalesce(logosTitle, null),
    "logos": coalesce(logos[]{ _key, ${IMAGE_FIELDS} }, []),
    "testimonials": coalesce(testimonials[]{ _key, quote, name, role, company, "photo": coalesce(photo{ ${IMAGE_FIELDS} }, null) }, [])
  }`;
const REGULATION = `_type == "regulationSection" => {
    title,
    "intro": coalesce(intro, null),
    entityLabel,
    licences[]{ _key, regulator, kind, number, registerUrl, registerLabel },
    funds{ title, body },
    compliance{ title, body },
    dataSecurity{ title, body }
  }`;
const FAQ = `_type == "faqSection" => { title, items[]{ _key, question, answer } }`;
const CALL_TO_ACTION = `_type == "callToActionSection" => { title, body, cta }`;

/** One market's landing page, in the exact shape the page renders (validated by landing-content.ts). */
export const LANDING_QUERY = defineQuery(`*[_type == "landingPage" && market == $market][0]{
  _id,
  market,
  locale,
  currency,
  defaultPhonePrefix,
  brandName,
  seo{ title, description, "ogImage": coalesce(ogImage, null) },
  header{ flagLabel, contactButton },
  company{ legalName, taxIdLabel, taxId, address{ streetAddress, postalCode, addressLocality, addressRegion }, email },
  hero{
    title,
    highlight,
    highlightNote,
    body,
    cta,
    estimate{
      title,
      amountLabel,
      defaultAmount,
      usdRate,
      bankLabel,
      feeLabel,
      fxMarginLabel,
      intermediaryLabel,
      totalLabel,
      bank{ feeUsd, fxMarginPercent, intermediaryUsd },
      ours{ feeUsd, fxMarginPercent, intermediaryUsd },
      savingLabel,
      savingShare,
      note
    }
  },
  benefits{ title, cards[]{ _key, icon, claim, "claimNote": coalesce(claimNote, null), title, body } },
  "sections": coalesce(sections[]{ _key, _type, ${HOW_IT_WORKS}, ${PROOF}, ${REGULATION}, ${FAQ}, ${CALL_TO_ACTION} }, []),
  contact{
    title,
    intro,
    fields{
      company{ label, placeholder },
      contact{ label, placeholder },
      email{ label, placeholder },
      phonePrefix{ label },
      phone{ label, placeholder },
      country{ label, placeholder },
      reason{ label, placeholder },
      volume{ label, placeholder }
    },
    phonePrefixOptions[]{ value, label },
    countryOptions[]{ value, label },
    reasonOptions[]{ value, label },
    volumeOptions[]{ value, label, "approx": coalesce(approx, null) },
    approxUpTo,
    approxOver,
    submit,
    submitting,
    submittingLabel,
    missingAll,
    missingHint,
    emailInvalid,
    phoneInvalid,
    phoneOtherCountry,
    phoneUsePrefix,
    phoneNotOffered,
    successTitle,
    successMessage,
    successNext,
    errorTitle,
    errorMessage,
    errorInvalid,
    errorRateLimited,
    invalidField,
    toasterLabel
  },
  "followUp": coalesce(followUp, null),
  footer{ tagline, copyrightYear, rights, disclosure }
}`);

/** The words of a market's error screen, read on their own so the screen still speaks the market's language when
 * the rest of its landing document is what failed. */
export const ERROR_PAGE_QUERY = defineQuery(
  `*[_type == "landingPage" && market == $market][0].errorPage{ message, homeLink }`,
);

/** One market's privacy notice and tracking-consent copy (validated by privacy-notice.ts). */
export const PRIVACY_NOTICE_QUERY = defineQuery(`*[_type == "privacyNotice" && market == $market][0]{
  _id,
  market,
  locale,
  title,
  updatedAt,
  updatedLabel,
  body,
  closeLabel,
  detailsTitle,
  legalName,
  legalNameLabel,
  address,
  addressLabel,
  privacyEmail,
  privacyEmailLabel,
  authority,
  authorityUrl,
  authorityLabel,
  formLine,
  formLinkLabel,
  footerLinkLabel,
  "askConsent": coalesce(askConsent, true),
  bannerLabel,
  bannerText,
  acceptLabel,
  rejectLabel,
  settingsLinkLabel,
  bannerGrantedNow,
  bannerDeniedNow
}`);
