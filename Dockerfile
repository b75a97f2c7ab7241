# The service on Debian with its Chromium, as a non-root user under tini.
#   build: docker build -t map-service .
#   run:   docker run --rm -p 8080:8080 map-service        (compose.yaml: two replicas, Redis, nginx)
#   in public, keys only (docs/access.md; a cluster: docs/kubernetes.md), with a secret made once and kept
#   (export KEY_SECRETS="$(openssl rand -base64 48)"), since every key it signs dies with it:
#          docker run --rm -p 8080:8080 -e ACCESS=keys -e KEY_SECRETS map-service
#          docker run --rm -e KEY_SECRETS map-service npm run keys -- mint --owner NAME      (the key: its last line)
FROM node:20-bookworm-slim

# Debian's headless Chromium (the pool drives it with playwright-core; no browser download), Noto for the scripts
# beyond the bundled Noto Sans, and tini as PID 1: it forwards SIGTERM to node and reaps what Chromium leaves.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium-headless-shell fonts-noto-core tini \
 && rm -rf /var/lib/apt/lists/*

WORKDIR /app
ENV NODE_ENV=production
# Runtime dependencies only: tsx runs the topology build, esbuild bundles the renderer and the service;
# typescript, the @types and the test tools are dev dependencies and stay out. The hash is prepare.mjs's record of
# the lock file node_modules was installed from: without it, prepare.mjs would run npm ci all over again.
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force \
 && sha256sum package-lock.json | cut -d ' ' -f 1 > node_modules/.map-service-lock-hash
COPY . .
# The topology, the renderer bundle and the service's own (server/dist), built into the image (npm
# dependencies and Chromium are already there, so prepare.mjs only builds), so that start-up only launches Chromium.
RUN node server/prepare.mjs

# MAPS_DIR, where POST /maps keeps stored maps without a Redis: the node user's, and a volume, so that they outlive
# the container (docker run -v maps:/app/data/maps)
RUN mkdir -p /app/data/maps && chown node:node /app/data/maps
VOLUME /app/data/maps

USER node
ENV PORT=8080 HOST=0.0.0.0 CHROMIUM_PATH=/usr/lib/chromium/chromium-headless-shell LOG_LEVEL=info
EXPOSE 8080
# On SIGTERM the service stops accepting, finishes requests in flight (SHUTDOWN_TIMEOUT_MS, 25 s), closes
# Chromium and the cache and exits 0: give it more than that (docker stop -t 30, compose stop_grace_period).
STOPSIGNAL SIGTERM
# Liveness only (GET /healthz); a load balancer should route on GET /readyz. No curl in the image: node's fetch.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "server/dist/main.mjs"]
