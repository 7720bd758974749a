// Runs a Supabase Edge Function under Deno the way the edge runtime does — the module calls
// `Deno.serve(handler)` — but listening on 127.0.0.1:EDGE_FUNCTION_PORT, so tests can call it.
// Usage:
// deno run --allow-net=127.0.0.1 --allow-env --allow-read tests/support/supabase/edge-function-runner.mjs <function/index.ts>
/* global Deno */
const port = Number(Deno.env.get("EDGE_FUNCTION_PORT"));
const serve = Deno.serve.bind(Deno);
Deno.serve = (handler) =>
  serve({ hostname: "127.0.0.1", port, onListen: () => console.log(`edge function on ${port}`) }, handler);
await import(new URL(Deno.args[0], `file://${Deno.cwd()}/`).href);
