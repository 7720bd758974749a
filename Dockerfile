# The site as a container: Next's standalone server (node server.js), Node 24, running as a non-root user.
# Build:  docker build --build-arg NEXT_PUBLIC_SITE_URL=https://www.example.com -t landing .
# Run:    docker run -p 127.0.0.1:3000:3000 -e SUPABASE_URL=… -e SUPABASE_ANON_KEY=… -e REDIS_URL=… landing
# Several instances sharing the page cache: build with --build-arg PAGE_CACHE=redis, run with -e PAGE_CACHE_REDIS_URL=…
# Public values (NEXT_PUBLIC_*) are inlined into the browser bundle at build time, so they are build arguments;
# server secrets are given at run time only and never enter the image.
# Publish the port only to the reverse proxy (loopback or a private network), never to the internet: the contact
# rate limit counts clients by the address the proxy writes into CLIENT_IP_HEADER, and a client reaching the
# container directly writes that header itself.

# The official image, pinned by the digest of its multi-platform index (linux/amd64 and arm64), so a rebuild gets the
# same base until the digest is changed here on purpose. Refresh: `docker buildx imagetools inspect
# node:24-bookworm-slim` (the "Digest:" line), or let Dependabot/Renovate propose it.
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:d6aa754f16b3197301076f047b5def2f02ea1dbbc2ca920407d46d7ec7f87b20

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# `npm ci`, as in .ci/run: the lock lists every platform's optional binaries, so it installs exactly what is pinned.
# No install scripts run: the only four in the tree are not needed to build or serve. `node` (preinstall) fetches a
# Node binary for npm scripts, and this image is Node 24 already; `deno` (postinstall) places the Deno binary the
# Edge Function's tests use; `esbuild` (postinstall) checks its platform binary, which npm installs anyway as an
# optional dependency and esbuild finds at run time (`next build` compiles with SWC and Turbopack, not esbuild);
# `vnu-jar` (postinstall, refused everywhere) would download a Java runtime for the tests' HTML checker.
RUN npm ci --no-audit --no-fund --ignore-scripts

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ARG NEXT_PUBLIC_SITE_URL
ARG NEXT_PUBLIC_SANITY_PROJECT_ID
ARG NEXT_PUBLIC_SANITY_DATASET
ARG NEXT_PUBLIC_SANITY_API_VERSION
ARG NEXT_PUBLIC_META_PIXEL_ID
# `redis`: the build shares its page cache through PAGE_CACHE_REDIS_URL (next.config.ts configures the handler as it builds).
ARG PAGE_CACHE
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS run
WORKDIR /app
# The image states how it was built, so the server's start check knows it needs PAGE_CACHE_REDIS_URL.
ARG PAGE_CACHE
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000 PAGE_CACHE=${PAGE_CACHE}
# The standalone folder holds the server, the node_modules it traced, the SQL migrations and the seed dataset;
# the static assets are copied beside it, as `next build` leaves them out. Owned by root: the app cannot
# rewrite itself.
COPY --from=build /app/.next/standalone ./
COPY --from=build /app/.next/static ./.next/static
# Writable for the app: Next's file-system cache (pages, in a build without PAGE_CACHE=redis) and, for a one-container demo
# with the embedded leads store, its database.
RUN mkdir -p .next/cache .data && chown node:node .next/cache .data
USER node
EXPOSE 3000
# Liveness, not readiness: an unhealthy container is one to restart (Swarm and autoheal tools do), which helps a stuck
# process but never a leads store outage; /api/ready is for whatever routes traffic (see docs/operations.md).
# The image has no curl: Node asks.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health', { signal: AbortSignal.timeout(2500) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server.js"]
