import { CheckmarkIcon, TranslateIcon } from "@sanity/icons";
import { Button, Flex, Menu, MenuButton, MenuItem } from "@sanity/ui";
import { useLocale, useTranslation, type ToolMenuProps } from "sanity";
import { RESULTS_TOOL } from "./results-tool/results-tool";
import { resultsKey } from "./results-tool/results-words";
import { deskKey, STUDIO_NAMESPACE } from "./studio-locales";

/**
 * The marketer's choice of language. Sanity 5 ships its own choice switched off in the user menu, so this one sits in
 * the navbar; it uses Sanity's own locale switch, which keeps the choice in this browser.
 */
export function LanguageMenu() {
  const { locales, currentLocale, changeLocale } = useLocale();
  const { t } = useTranslation(STUDIO_NAMESPACE);
  const label = t(deskKey.language);
  return (
    <MenuButton
      id="studio-language-menu"
      button={
        <Button
          icon={TranslateIcon}
          mode="bleed"
          text={currentLocale.title}
          aria-label={`${label}: ${currentLocale.title}`}
          title={label}
        />
      }
      menu={
        <Menu>
          {locales.map((locale) => (
            <MenuItem
              key={locale.id}
              lang={locale.id}
              text={locale.title}
              pressed={locale.id === currentLocale.id}
              iconRight={locale.id === currentLocale.id ? CheckmarkIcon : undefined}
              onClick={() => void changeLocale(locale.id)}
            />
          ))}
        </Menu>
      }
      popover={{ portal: true, placement: "bottom-end" }}
    />
  );
}

/**
 * Sanity's tool menu (Structure, Presentation, Vision, Results) followed by the language menu, in the navbar and its
 * drawer. A tool's title is one plain string to Sanity: ours is put in the marketer's language here.
 */
export function ToolMenuWithLanguage(props: ToolMenuProps) {
  const { t } = useTranslation(STUDIO_NAMESPACE);
  const tools = props.tools.map((tool) =>
    tool.name === RESULTS_TOOL ? { ...tool, title: t(resultsKey("title")) } : tool,
  );
  return (
    <Flex
      align={props.context === "topbar" ? "center" : "flex-start"}
      direction={props.context === "topbar" ? "row" : "column"}
      gap={1}
    >
      {props.renderDefault({ ...props, tools })}
      <LanguageMenu />
    </Flex>
  );
}
