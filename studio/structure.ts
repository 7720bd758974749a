import type { StructureResolver } from "sanity/structure";
import { MARKETS } from "../lib/markets/markets";

export const MARKET_TITLES = { mx: "Mexico", br: "Brazil", ar: "Argentina" } as const;

/** One entry per market, each opening that market's single landing document: nothing to create or delete. */
export const structure: StructureResolver = (S) =>
  S.list()
    .title("Landing pages")
    .items(
      MARKETS.map((market) =>
        S.listItem()
          .id(market)
          .title(MARKET_TITLES[market])
          .child(S.document().schemaType("landingPage").documentId(`landingPage.${market}`).title(`${MARKET_TITLES[market]} landing page`)),
      ),
    );
