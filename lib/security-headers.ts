/**
 * Response headers for every page. The landing pages get a strict policy (no eval, no third-party origin
 * unless a Meta pixel or Sanity project is configured); /studio gets its own, since the Studio needs Sanity's
 * APIs and inline styles. The landing page may be framed only by our own origin (the Studio's Presentation tool).
 * What a static page can and cannot have, and why: docs/security.md ("Content-Security-Policy").
 */
type Options = {
  dev: boolean;
  sanityProjectId?: string;
  metaPixel: boolean;
  /** The Studio's own origin (STUDIO_HOST), when it has one: it frames the pages across origins. */
  studioOrigin?: string;
  /** The site's origin, which a Studio on its own origin frames. */
  siteOrigin?: string;
};

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(" "))
    .join("; ");
}

export function landingCsp({ dev, sanityProjectId, metaPixel, studioOrigin }: Options): string {
  const sanityApi = sanityProjectId
    ? [`https://${sanityProjectId}.api.sanity.io`, `wss://${sanityProjectId}.api.sanity.io`]
    : [];
  const facebook = metaPixel ? ["https://connect.facebook.net"] : [];
  return policy({
    "default-src": ["'self'"],
    // Next inlines its RSC payload in <script> tags, different on every page and every revalidation: a nonce would
    // make each page render per request (no static page, no ISR), and a hash list would go stale at the first
    // publish. Next's script files carry integrity hashes instead (experimental.sri in next.config.ts).
    "script-src": ["'self'", "'unsafe-inline'", ...facebook, ...(dev ? ["'unsafe-eval'"] : [])],
    // Inline event-handler attributes (onerror=, onclick=) are what injected markup usually runs through; neither
    // React nor Next writes any, so they are refused even though inline <script> elements are allowed.
    "script-src-attr": ["'none'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    // Images marketers upload (client logos, testimonial photos) come from Sanity's image CDN.
    "img-src": [
      "'self'",
      "data:",
      ...(sanityProjectId ? ["https://cdn.sanity.io"] : []),
      ...(metaPixel ? ["https://www.facebook.com"] : []),
    ],
    "font-src": ["'self'"],
    "connect-src": [
      "'self'",
      ...sanityApi,
      ...(metaPixel ? ["https://www.facebook.com", "https://connect.facebook.net"] : []),
      ...(dev ? ["ws:"] : []),
    ],
    // The contact form's proof of work runs in a worker script of ours (lib/proof-of-work/), never a blob: or data: one.
    "worker-src": ["'self'"],
    "frame-ancestors": ["'self'", ...(studioOrigin ? [studioOrigin] : [])],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
}

/**
 * Exactly what Studio 5 needs, and only with a project configured (without one, /studio is a static page that
 * loads nothing off the origin): the project's API over HTTPS and WebSocket (documents, listeners, presence), the
 * global API (sign-in providers, the current user across projects), the Presentation bridge script, the version
 * check on sanity-cdn.com, Sanity's image CDN, and the avatar hosts of the sign-in providers (Google, GitHub,
 * Gravatar). Signing in itself is a
 * top-level navigation to the API, which a CSP does not govern.
 */
export function studioCsp({ dev, sanityProjectId, studioOrigin, siteOrigin }: Options): string {
  // `next dev` runs its client with eval (Fast Refresh, source maps; React's development build needs it too) and
  // hot-reloads over a WebSocket.
  const devScript = dev ? ["'unsafe-eval'"] : [];
  const devConnect = dev ? ["ws:"] : [];
  if (!sanityProjectId) {
    return policy({
      "default-src": ["'self'"],
      "script-src": ["'self'", "'unsafe-inline'", ...devScript],
      "style-src": ["'self'", "'unsafe-inline'"],
      "img-src": ["'self'", "data:"],
      "font-src": ["'self'"],
      "connect-src": ["'self'", ...devConnect],
      "frame-ancestors": ["'self'"],
      "base-uri": ["'self'"],
      "form-action": ["'self'"],
      "object-src": ["'none'"],
    });
  }
  const api = [
    `https://${sanityProjectId}.api.sanity.io`,
    `wss://${sanityProjectId}.api.sanity.io`,
    "https://api.sanity.io",
  ];
  const bridge = "https://core.sanity-cdn.com";
  // Where the Studio looks up whether a newer Sanity version is out (its "update available" notice).
  const modules = "https://sanity-cdn.com";
  const avatars = [
    "https://lh3.googleusercontent.com",
    "https://avatars.githubusercontent.com",
    "https://secure.gravatar.com",
    "https://www.gravatar.com",
  ];
  return policy({
    "default-src": ["'self'"],
    // No eval in production: the one eval the Studio's code attempts is Zod's feature test, switched off in
    // studio-app.tsx (React's development build still needs it). Inline scripts: Next's own, as on every page.
    "script-src": ["'self'", "'unsafe-inline'", bridge, ...devScript],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://cdn.sanity.io", ...avatars],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...api, "https://cdn.sanity.io", modules, ...devConnect],
    "media-src": ["'self'", "blob:", "https://cdn.sanity.io"],
    "worker-src": ["'self'", "blob:"],
    // The Presentation tool frames the site itself: across origins when the Studio has a host of its own.
    "frame-src": ["'self'", ...(studioOrigin && siteOrigin ? [siteOrigin] : [])],
    "frame-ancestors": ["'self'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "object-src": ["'none'"],
  });
}

/**
 * The embedded dataset's images (app/seed-images). Opened on their own, an SVG is a document: it may load and run
 * nothing, and is sandboxed (an origin of its own). Shown in the page through <img>, no policy of its applies.
 */
export const SEED_IMAGE_CSP = "default-src 'none'; sandbox";

/**
 * Headers every response carries. HSTS covers this host only unless the operator opts in: `includeSubDomains`
 * forces HTTPS on every subdomain of the company's domain, and `preload` puts it in browsers' built-in lists —
 * both take months to undo.
 */
export function commonHeaders({
  includeSubDomains = false,
  preload = false,
}: { includeSubDomains?: boolean; preload?: boolean } = {}) {
  const hsts = [
    "max-age=63072000",
    ...(includeSubDomains ? ["includeSubDomains"] : []),
    ...(preload ? ["preload"] : []),
  ].join("; ");
  return [
    { key: "Strict-Transport-Security", value: hsts },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    {
      key: "Permissions-Policy",
      value: "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    },
  ];
}
