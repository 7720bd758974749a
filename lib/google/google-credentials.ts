/**
 * GOOGLE_ADS_CREDENTIALS, read: a service-account key as Google Cloud's console downloads it (`type:
 * "service_account"`: client_email, private_key, token_uri), or an OAuth client with a refresh token as `gcloud auth
 * application-default login` writes it (`type: "authorized_user"`: client_id, client_secret, refresh_token). Checked when
 * the server starts, so a wrong paste stops it naming the variable rather than failing at the first upload.
 */
export type GoogleCredentials =
  | { type: "service_account"; clientEmail: string; privateKey: string; privateKeyId?: string; tokenUri?: string }
  | { type: "authorized_user"; clientId: string; clientSecret: string; refreshToken: string; tokenUri?: string };

const text = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

/** The credentials, or why the value is not one (never quoting the value: it is a secret). */
export function parseGoogleCredentials(value: string): GoogleCredentials | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return { error: "must be the JSON of a service-account key or of an OAuth client with a refresh token" };
  }
  if (typeof json !== "object" || json === null) return { error: "must be a JSON object" };
  const c = json as Record<string, unknown>;
  const tokenUri = text(c.token_uri) && URL.canParse(c.token_uri) ? c.token_uri : undefined;
  if (c.type === "service_account") {
    if (!text(c.client_email) || !text(c.private_key) || !c.private_key.includes("PRIVATE KEY"))
      return { error: "is a service-account key without client_email or private_key" };
    return {
      type: "service_account",
      clientEmail: c.client_email,
      privateKey: c.private_key,
      ...(text(c.private_key_id) && { privateKeyId: c.private_key_id }),
      ...(tokenUri && { tokenUri }),
    };
  }
  if (c.type === "authorized_user") {
    if (!text(c.client_id) || !text(c.client_secret) || !text(c.refresh_token))
      return { error: "is an OAuth client without client_id, client_secret or refresh_token" };
    return {
      type: "authorized_user",
      clientId: c.client_id,
      clientSecret: c.client_secret,
      refreshToken: c.refresh_token,
      ...(tokenUri && { tokenUri }),
    };
  }
  return { error: 'must have "type": "service_account" or "authorized_user"' };
}
