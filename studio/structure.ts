import type { StructureResolver } from "sanity/structure";
import { MARKETS, MARKET_NAMES } from "../lib/markets/markets";

/** The template that creates a campaign page in a market (studio/sanity.config.ts). */
export const CAMPAIGN_TEMPLATE = "campaignPage-by-market";

/**
 * One entry per market: its single landing document (nothing to create or delete) and its campaign pages, created
 * from there with the market already set.
 */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Landing pages")
    .items([
      ...MARKETS.map((market) =>
        S.listItem()
          .id(market)
          .title(MARKET_NAMES[market])
          .child(
            S.list()
              .title(MARKET_NAMES[market])
              .items([
                S.listItem()
                  .id(`landing-${market}`)
                  .title(`${MARKET_NAMES[market]} landing page`)
                  .child(
                    S.document()
                      .schemaType("landingPage")
                      .documentId(`landingPage.${market}`)
                      .title(`${MARKET_NAMES[market]} landing page`),
                  ),
                S.listItem()
                  .id(`campaigns-${market}`)
                  .title("Campaign pages")
                  .schemaType("campaignPage")
                  .child(
                    S.documentTypeList("campaignPage")
                      .title("Campaign pages")
                      .filter(`_type == "campaignPage" && market == $market`)
                      .params({ market })
                      .initialValueTemplates([S.initialValueTemplateItem(CAMPAIGN_TEMPLATE, { market })]),
                  ),
              ]),
          ),
      ),
      // Each market's privacy notice, with its consent banner copy, is one document of its own.
      S.divider(),
      ...MARKETS.map((market) =>
        S.listItem()
          .id(`privacy-${market}`)
          .title(`${MARKET_NAMES[market]} privacy notice`)
          .child(
            S.document()
              .schemaType("privacyNotice")
              .documentId(`privacyNotice.${market}`)
              .title(`${MARKET_NAMES[market]} privacy notice`),
          ),
      ),
    ]);
