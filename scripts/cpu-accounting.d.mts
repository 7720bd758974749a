// The types of cpu-accounting.mjs, for the test that imports it.
export type MeteredCommand = {
  command: string;
  /** Whether the command has a control group of its own (exact CPU time, leftovers found). */
  exact: boolean;
  /** What it stopped: each process's name and id. */
  stopLeftovers(): string[];
  seconds(timesOutput: string): number;
};
export function meteredCommand(name: string, command: string): MeteredCommand;
