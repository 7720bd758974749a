import type { Volume } from "../leads/options";

/** The Studio field of a volume range in a market's conversion value table: "0-4999" → v_0_4999. */
export const conversionValueKey = (volume: Volume) => `v_${volume.replace(/-/g, "_")}` as const;
export type ConversionValueKey = ReturnType<typeof conversionValueKey>;
