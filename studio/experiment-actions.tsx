import { useState } from "react";
import { useClient, type DocumentActionComponent } from "sanity";
import {
  shipVariantByKey,
  stopRunningExperiment,
  variantKeyOf,
  type ExperimentDocument,
} from "../lib/experiments/ship-variant";
import { SANITY_API_VERSION } from "../lib/content/sanity-api-version";
import { useExperimentWords } from "../schemas/localised-field";
import { ShipVariantChoices } from "./ship-variant-choices";

export const StopExperimentAction: DocumentActionComponent = (props) => {
  const w = useExperimentWords();
  const client = useClient({ apiVersion: SANITY_API_VERSION });
  const [confirming, setConfirming] = useState(false);
  const experiment = props.published as ExperimentDocument | null;
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
  const w = useExperimentWords();
  const client = useClient({ apiVersion: SANITY_API_VERSION });
  const [open, setOpen] = useState(false);
  const experiment = props.published as ExperimentDocument | null;
  if (!experiment || experiment.stoppedAt || !experiment.page?._ref) return null;
  const variants = (experiment.variants ?? [])
    .slice(1)
    .map((variant) => ({ key: variantKeyOf(variant), name: variant.name ?? variantKeyOf(variant) }));

  return {
    label: w("ship"),
    onHandle: () => setOpen(true),
    dialog: open && {
      type: "dialog",
      header: w("shipTitle"),
      onClose: () => (setOpen(false), props.onComplete()),
      content: <ShipVariantChoices variants={variants} ship={(key) => shipVariantByKey(client, props.id, key)} />,
    },
  };
};
