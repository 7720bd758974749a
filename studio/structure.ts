import type { StructureResolver } from "sanity/structure";
import { MARKETS, MARKET_NAMES } from "../lib/markets/markets";
import { experimentKey } from "../schemas/experiment-words";
import { deskKey, STUDIO_NAMESPACE } from "./studio-locales";

/** The template that creates a campaign page in a market (studio/sanity.config.ts). */
export const CAMPAIGN_TEMPLATE = "campaignPage-by-market";

/** A title in the marketer's Studio language (studio/studio-locales.ts); `title` is its English fallback. */
const localised = (key: string) => ({ title: { key, ns: STUDIO_NAMESPACE } });

/**
 * One entry per market: its single landing document (nothing to create or delete) and its campaign pages, created
 * from there with the market already set.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Landing pages")
    .i18n(localised(deskKey.landingPages))
    .items([
      ...MARKETS.map((market) =>
        S.listItem()
          .id(market)
          .title(MARKET_NAMES[market])
          .i18n(localised(deskKey.market(market)))
          .child(
            S.list()
              .title(MARKET_NAMES[market])
              .i18n(localised(deskKey.market(market)))
              .items([
                S.listItem()
                  .id(`landing-${market}`)
                  .title(`${MARKET_NAMES[market]} landing page`)
                  .i18n(localised(deskKey.landingPage(market)))
                  .child(
                    S.document()
                      .schemaType("landingPage")
                      .documentId(`landingPage.${market}`)
                      .title(`${MARKET_NAMES[market]} landing page`)
                      .i18n(localised(deskKey.landingPage(market))),
                  ),
                S.listItem()
                  .id(`campaigns-${market}`)
                  .title("Campaign pages")
                  .i18n(localised(deskKey.campaignPages))
                  .schemaType("campaignPage")
                  .child(
                    S.documentTypeList("campaignPage")
                      .title("Campaign pages")
                      .i18n(localised(deskKey.campaignPages))
                      .filter(`_type == "campaignPage" && market == $market`)
                      .params({ market })
                      .initialValueTemplates([S.initialValueTemplateItem(CAMPAIGN_TEMPLATE, { market })]),
                  ),
              ]),
          ),
      ),
      // A/B tests of a market's page or a campaign page, running or stopped (their results stay readable).
      S.divider(),
      S.listItem()
        .id("experiments")
        .title("Experiments")
        .i18n(localised(experimentKey("desk")))
        .schemaType("experiment")
        .child(
          S.documentTypeList("experiment")
            .title("Experiments")
            .i18n(localised(experimentKey("desk"))),
        ),
      // Each market's privacy notice, with its consent banner copy, is one document of its own.
      S.divider(),
      ...MARKETS.map((market) =>
        S.listItem()
          .id(`privacy-${market}`)
          .title(`${MARKET_NAMES[market]} privacy notice`)
          .i18n(localised(deskKey.privacyNotice(market)))
          .child(
            S.document()
              .schemaType("privacyNotice")
              .documentId(`privacyNotice.${market}`)
              .title(`${MARKET_NAMES[market]} privacy notice`)
              .i18n(localised(deskKey.privacyNotice(market))),
          ),
      ),
    ]);
