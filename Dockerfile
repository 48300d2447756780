# One image for the API (which also serves the built web app) and the projections worker.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY ledger/package.json ledger/
COPY projections/package.json projections/
COPY api/package.json api/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build:web

FROM node:20-bookworm-slim
ENV NODE_ENV=production
# API_PROCESS_ENV in spawn-api.ts: two malloc arenas, not eight per core, for the threads of libvips,
# the render worker and libuv (an API replica ~90 MB smaller after uploads; README "### Production").
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=build /app /app
RUN npm prune --omit=dev --no-audit --no-fund || true
USER node
EXPOSE 8080
# V8 flags as API_NODE_FLAGS in spawn-api.ts (why: there).
CMD ["node", "--max-semi-space-size=64", "--initial-old-space-size=128", "--import", "tsx", "api/src/main.ts"]
