// Vitest setup: the server's log lines are checked to be JSON and kept off the test report; a test that asserts on
// them takes them with captureLogs() (tests/support/telemetry/log-lines.ts).
import { captureLogLines } from "../../../lib/logging/logger.ts";

captureLogLines({
  write: (chunk: string) =>
    chunk
      .split("\n")
      .filter((l) => l !== "")
      .forEach((line) => JSON.parse(line)),
});
