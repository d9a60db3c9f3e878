# syntax=docker/dockerfile:1
# The production image: built in one stage, run from a second that holds only the build output
# and production dependencies, as the unprivileged `node` user. No secrets are baked in: every
# setting (SESSION_KEY, DATABASE_URL, REDIS_URL, provider keys) comes from the environment.
# Node 22 LTS: CI runs the server tests on it too (scripts/ci/test.mjs reads this ARG). Not Node 24
# yet: better-sqlite3 12 (13 does not run on Node 20, which this project still supports) compiled
# for Node >= 24.19 aborts in a statement finalizer (nodejs/node#65446; better-sqlite3 13 fixes it).
ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits this Node.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Build, then drop the development dependencies (the native module stays built for this Node).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    TRUST_PROXY=true
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The SQLite file lives here when DATABASE_URL is unset (mount a volume on it).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Liveness only: readiness (/readyz: database reachable, migrations applied) is for load balancers.
# Slim images have no curl; Node's own fetch does the check.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/node/server/main.js"]
