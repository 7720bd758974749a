/**
 * Reads a request body of at most `limit` bytes; `null` when it is larger — judged by the declared
 * Content-Length and by the bytes actually read, since a chunked body declares none and a client may lie.
 * Every route that takes a body reads it through here, before any parsing: the site's routes and the Edge
 * Function alike (it lives in `_shared` because a function deploys with that folder, never with the site's lib/).
 */
export async function readCappedBody(request: Request, limit: number): Promise<Uint8Array | null> {
  if (Number(request.headers.get("content-length") ?? 0) > limit) return null;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
