# syntax=docker/dockerfile:1
# The production image: built in one stage, run from a second that holds only the build output
# and production dependencies, as the unprivileged `node` user. No secrets are baked in: every
# setting (SESSION_KEY, DATABASE_URL, REDIS_URL, provider keys) comes from the environment.
# Node 24 LTS: CI runs the server tests on it too (scripts/ci/test.mjs reads this ARG). On it the
# SQLite driver is better-sqlite3 13, whose binary ships prebuilt (server/db/sqlite-driver.ts).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The Node 20 driver (better-sqlite3-node20, unused on this Node) compiles from source when its
# prebuilt binary cannot be fetched.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# Build, then drop the development dependencies (the native module stays built for this Node).
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# TRUST_PROXY stays unset (false): a container published straight to the internet must not let a
# client pick its address in X-Forwarded-For. Behind a proxy, name it (compose sets TRUST_PROXY=1).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
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
