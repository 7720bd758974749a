// The form's proof of work, solved off the main thread so typing never stutters: altcha's solver (Web Crypto
// SHA-256 over salt + n) on the challenge the page passes in; the answer is posted back (null: no solution found).
import { solveChallenge } from "altcha-lib";
import type { Challenge } from "altcha-lib/types";

self.onmessage = async ({ data }: MessageEvent<Challenge>) => {
  const { challenge, salt, algorithm, maxnumber } = data;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  self.postMessage(solution);
};
