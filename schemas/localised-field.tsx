import type { ReactNode } from "react";
import { useTranslation, type FieldProps } from "sanity";
import { experimentKey, type ExperimentWord } from "./experiment-words";
import { STUDIO_NAMESPACE } from "./tab-titles";

/**
 * A field's title and description in the marketer's Studio language: Sanity 5 takes a field's title as one plain
 * string (the English, kept as the fallback), so the field's own component renders the default with translated words.
 */
export function localisedField(title: ExperimentWord, description?: ExperimentWord): (props: FieldProps) => ReactNode {
  function LocalisedField(props: FieldProps) {
    const { t } = useTranslation(STUDIO_NAMESPACE);
    return props.renderDefault({
      ...props,
      title: t(experimentKey(title)),
      description: description ? t(experimentKey(description)) : props.description,
    });
  }
  return LocalisedField;
}
