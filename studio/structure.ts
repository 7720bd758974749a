import type { StructureResolver } from "sanity/structure";
import { MARKETS, MARKET_NAMES } from "../lib/markets/markets";
import { deskKey, STUDIO_NAMESPACE } from "./studio-locales";

/** A title in the marketer's Studio language (studio/studio-locales.ts); `title` is its English fallback. */
const localised = (key: string) => ({ title: { key, ns: STUDIO_NAMESPACE } });

/** One entry per market, each opening that market's single landing document: nothing to create or delete. */
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
            S.document()
              .schemaType("landingPage")
              .documentId(`landingPage.${market}`)
              .title(`${MARKET_NAMES[market]} landing page`)
              .i18n(localised(deskKey.landingPage(market))),
          ),
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
