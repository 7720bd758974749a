import type { StructureResolver } from "sanity/structure";
import { MARKETS, MARKET_NAMES } from "../lib/markets/markets";

/** One entry per market, each opening that market's single landing document: nothing to create or delete. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Landing pages")
    .items([
      ...MARKETS.map((market) =>
        S.listItem()
          .id(market)
          .title(MARKET_NAMES[market])
          .child(
            S.document()
              .schemaType("landingPage")
              .documentId(`landingPage.${market}`)
              .title(`${MARKET_NAMES[market]} landing page`),
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
