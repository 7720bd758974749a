/**
 * Response headers for every page. The landing pages get a strict policy (no eval, no third-party origin
 * unless a Meta pixel or Sanity project is configured); /studio gets its own, since the Studio needs eval and
 * Sanity's APIs. The landing page may be framed only by our own origin (the Studio's Presentation tool).
 */
type Options = { dev: boolean; sanityProjectId?: string; metaPixel: boolean };

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

export function landingCsp({ dev, sanityProjectId, metaPixel }: Options): string {
  const sanityApi = sanityProjectId ? [`https://${sanityProjectId}.api.sanity.io`, `wss://${sanityProjectId}.api.sanity.io`] : [];
  const facebook = metaPixel ? ["https://connect.facebook.net"] : [];
  return policy({
    "default-src": ["'self'"],
    // Next inlines its RSC payload in <script> tags; a nonce would make every page dynamic, losing ISR.
    "script-src": ["'self'", "'unsafe-inline'", ...facebook, ...(dev ? ["'unsafe-eval'"] : [])],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", ...(metaPixel ? ["https://www.facebook.com"] : [])],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...sanityApi, ...(metaPixel ? ["https://www.facebook.com", "https://connect.facebook.net"] : []), ...(dev ? ["ws:"] : [])],
    "frame-ancestors": ["'self'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
}

export function studioCsp({ sanityProjectId }: Options): string {
  const sanity = sanityProjectId
    ? [`https://${sanityProjectId}.api.sanity.io`, `wss://${sanityProjectId}.api.sanity.io`, "https://api.sanity.io", "https://*.sanity.io", "wss://*.sanity.io"]
    : [];
  return policy({
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://cdn.sanity.io", "https://lh3.googleusercontent.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...sanity],
    "frame-src": ["'self'"],
    "frame-ancestors": ["'self'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  });
}

/**
 * Headers every response carries. HSTS covers this host only unless the operator opts in: `includeSubDomains`
 * forces HTTPS on every subdomain of the company's domain, and `preload` puts it in browsers' built-in lists —
 * both take months to undo.
 */
export function commonHeaders({ includeSubDomains = false, preload = false }: { includeSubDomains?: boolean; preload?: boolean } = {}) {
  const hsts = ["max-age=63072000", ...(includeSubDomains ? ["includeSubDomains"] : []), ...(preload ? ["preload"] : [])].join("; ");
  return [
    { key: "Strict-Transport-Security", value: hsts },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  ];
}
