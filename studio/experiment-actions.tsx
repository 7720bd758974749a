import { Button, Stack, Text } from "@sanity/ui";
import { useState } from "react";
import { useClient, useTranslation, type DocumentActionComponent } from "sanity";
import { shipVariant, stopRunningExperiment, type ExperimentVariant } from "../lib/experiments/ship-variant";
import { experimentKey, type ExperimentWord } from "../schemas/experiment-words";
import { STUDIO_NAMESPACE } from "./studio-locales";

const API_VERSION = "2025-10-01";

type Experiment = { _id: string; page?: { _ref?: string }; variants?: ExperimentVariant[]; stoppedAt?: string };

function useWords() {
  const { t } = useTranslation(STUDIO_NAMESPACE);
  return (word: ExperimentWord, values?: Record<string, unknown>) => t(experimentKey(word), values);
}

export const StopExperimentAction: DocumentActionComponent = (props) => {
  const w = useWords();
  const client = useClient({ apiVersion: API_VERSION });
  const [confirming, setConfirming] = useState(false);
  const experiment = props.published as Experiment | null;
  if (!experiment || experiment.stoppedAt) return null;
  return {
    label: w("stop"),
    tone: "critical",
    onHandle: () => setConfirming(true),
    dialog: confirming && {
      type: "confirm",
      message: w("stopConfirm"),
      onCancel: () => setConfirming(false),
      onConfirm: () =>
        void stopRunningExperiment(client, props.id, Boolean(props.draft)).finally(
          () => (setConfirming(false), props.onComplete()),
        ),
    },
  };
};

/**
 * "Ship the winner": the chosen variant's fields become a draft of the page (created from the published page if it has
 * none), and the experiment stops, naming the shipped variant.
 */
export const ShipVariantAction: DocumentActionComponent = (props) => {
  const w = useWords();
  const client = useClient({ apiVersion: API_VERSION });
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string>();
  const experiment = props.published as Experiment | null;
  if (!experiment || experiment.stoppedAt || !experiment.page?._ref) return null;
  const pageId = experiment.page._ref.replace(/^drafts\./, "");

  const ship = async (variant: ExperimentVariant) => {
    try {
      await shipVariant(client, { experimentId: props.id, hasDraft: Boolean(props.draft), pageId, variant });
      setMessage(w("shipDone"));
    } catch (error) {
      setMessage(w("actionFailed", { error: error instanceof Error ? error.message : String(error) }));
    }
  };

  return {
    label: w("ship"),
    onHandle: () => setOpen(true),
    dialog: open && {
      type: "dialog",
      header: w("shipTitle"),
      onClose: () => (setOpen(false), setMessage(undefined), props.onComplete()),
      content: (
        <Stack space={4}>
          <Text size={1}>{w("shipExplain")}</Text>
          {message ? (
            <Text size={1} weight="semibold">
              {message}
            </Text>
          ) : (
            (experiment.variants ?? [])
              .slice(1)
              .map((variant) => (
                <Button
                  key={variant._key}
                  mode="ghost"
                  text={w("shipVariant", { name: variant.name ?? variant.key?.current ?? variant._key })}
                  onClick={() => void ship(variant)}
                />
              ))
          )}
        </Stack>
      ),
    },
  };
};
