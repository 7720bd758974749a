// The types of cpu-accounting.mjs, for the test that imports it.
export type MeteredCommand = {
  command: string;
  /** The command's control group, when it has one (exact CPU time, leftovers found). */
  group: string | undefined;
  seconds(timesOutput: string): number;
};
export function meteredCommand(name: string, command: string): MeteredCommand;
export function runMetered(
  name: string,
  command: string,
  env?: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string; cpu: number; stopped: string[] }>;
