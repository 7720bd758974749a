import type { ReactNode } from "react";
import { useTranslation, type FieldProps } from "sanity";
import { experimentKey, type ExperimentWord } from "./experiment-words";
import { STUDIO_NAMESPACE } from "./tab-titles";

/** The experiments' words in the marketer's Studio language, for the Studio's own components. */
export function useExperimentWords() {
  const { t } = useTranslation(STUDIO_NAMESPACE);
  return (word: ExperimentWord, values?: Record<string, unknown>) => t(experimentKey(word), values);
}

/**
 * A field's title and description in the marketer's Studio language: Sanity 5 takes a field's title as one plain
 * string (the English, kept as the fallback), so the field's own component renders the default with translated words.
 */
export function localisedField(title: ExperimentWord, description?: ExperimentWord): (props: FieldProps) => ReactNode {
  function LocalisedField(props: FieldProps) {
    const w = useExperimentWords();
    return props.renderDefault({
      ...props,
      title: w(title),
      description: description ? w(description) : props.description,
    });
  }
  return LocalisedField;
}
