# The portal as one image: the built single-page app and the bundled API (scripts/bundle-server.mjs) on Node 22,
# production dependencies only, running as the unprivileged `node` user. Data and secrets live in the /data volume
# or the environment, never in the image. Build: `docker build -t guildhall .`; where no registry is reachable, make
# a local base first (deploy/local-base.sh) and add `--build-arg NODE_BASE=localhost/node:22-bookworm-slim` (Podman: with
# `--format docker`, or it drops the HEALTHCHECK).
ARG NODE_BASE=node:22-bookworm-slim

FROM ${NODE_BASE} AS build
# The bundle records its sources' paths (the migrations, the database worker): build where the image runs them.
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && node scripts/bundle-server.mjs --force

FROM ${NODE_BASE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --ignore-scripts && mkdir -p apps/api/node_modules

FROM ${NODE_BASE}
# pg_dump and pg_restore for `npm run backup` / `npm run restore` against PostgreSQL (Debian bookworm's: 15).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/* \
    && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data npm_config_update_notifier=false
WORKDIR /app
COPY --from=production-deps /app/node_modules node_modules
COPY --from=production-deps /app/apps/api/node_modules apps/api/node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/apps/api/package.json apps/api/
COPY --from=build /app/apps/api/.build apps/api/.build
COPY --from=build /app/apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /app/apps/api/src/db/pglite-worker.mjs apps/api/src/db/
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/scripts/backup.mjs /app/scripts/restore.mjs /app/scripts/backup-common.mjs scripts/
USER node
VOLUME /data
EXPOSE 3000
# Liveness only (/api/health does not touch the database); the proxy reads /api/ready to pick replicas.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
    CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains (apps/api/src/server.ts); run with --init (compose: init: true) so PID 1 forwards it and reaps.
STOPSIGNAL SIGTERM
CMD ["node", "apps/api/.build/server.mjs"]
