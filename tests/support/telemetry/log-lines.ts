import { captureLogLines } from "../../../lib/logging/logger.ts";

/** A line as the server writes it: one JSON object. */
export type LogLine = Record<string, unknown> & { level: string; time: string; msg: string; event: string };

export type CapturedLogs = {
  /** Every line written since capture began, parsed (a line that is not JSON fails the test where it is written). */
  lines: LogLine[];
  /** The raw text written, to search for what must never appear. */
  text(): string;
  /** The lines of one event. */
  events(event: string): LogLine[];
  restore(): void;
};

/** Takes the server's log lines instead of stdout/stderr until `restore()`. */
export function captureLogs(): CapturedLogs {
  const lines: LogLine[] = [];
  let text = "";
  const restore = captureLogLines({
    write(chunk: string) {
      text += chunk;
      for (const line of chunk.split("\n").filter((l) => l !== "")) lines.push(JSON.parse(line) as LogLine);
    },
  });
  return { lines, text: () => text, events: (event) => lines.filter((l) => l.event === event), restore };
}
