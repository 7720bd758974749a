import { Button, Stack, Text } from "@sanity/ui";
import { useState } from "react";
import { IntentButton } from "sanity";
import { useExperimentWords } from "../schemas/localised-field";

type ShippedPage = { id: string; type: string };

/**
 * The choice behind "Ship a variant…", in the experiment's document actions and in the Results tool: what shipping
 * does, one button per variant but the control, then what happened, with the page to open and publish.
 */
export function ShipVariantChoices({
  variants,
  ship,
}: {
  /** The variants that can be shipped (the control is the page as published). */
  variants: readonly { key: string; name: string }[];
  ship: (variantKey: string) => Promise<ShippedPage>;
}) {
  const w = useExperimentWords();
  const [state, setState] = useState<
    | { kind: "choosing" }
    | { kind: "shipping" }
    | { kind: "shipped"; page: ShippedPage }
    | { kind: "failed"; error: string }
  >({ kind: "choosing" });

  const choose = async (key: string) => {
    setState({ kind: "shipping" });
    try {
      setState({ kind: "shipped", page: await ship(key) });
    } catch (error) {
      setState({ kind: "failed", error: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Stack space={4}>
      <Text size={1}>{w("shipExplain")}</Text>
      {state.kind === "shipped" ? (
        <Stack space={3}>
          <Text size={1} weight="semibold" role="status">
            {w("shipDone")}
          </Text>
          <IntentButton
            intent="edit"
            params={{ id: state.page.id, type: state.page.type }}
            mode="ghost"
            text={w("openPage")}
          />
        </Stack>
      ) : state.kind === "failed" ? (
        <Text size={1} weight="semibold" role="alert">
          {w("actionFailed", { error: state.error })}
        </Text>
      ) : (
        variants.map((variant) => (
          <Button
            key={variant.key}
            mode="ghost"
            disabled={state.kind === "shipping"}
            text={w("shipVariant", { name: variant.name })}
            onClick={() => void choose(variant.key)}
          />
        ))
      )}
    </Stack>
  );
}
