import type { StructureResolver } from "sanity/structure";
import { MARKETS, MARKET_NAMES } from "../lib/markets/markets";

/** One entry per market, each opening that market's single landing document: nothing to create or delete. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Landing pages")
    .items(
      MARKETS.map((market) =>
        S.listItem()
          .id(market)
          .title(MARKET_NAMES[market])
          .child(S.document().schemaType("landingPage").documentId(`landingPage.${market}`).title(`${MARKET_NAMES[market]} landing page`)),
      ),
    );
