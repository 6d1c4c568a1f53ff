# Atende's image: one image, three roles (API process, job worker, balancer), as `pnpm start:cluster`
# runs them on one machine (scripts/cluster.ts). Not built in CI: our machines run no containers;
# the topology it mirrors is tested by scripts/test/cluster.test.ts.
FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ffmpeg && rm -rf /var/lib/apt/lists/*
RUN npm i -g pnpm@10.34.9
WORKDIR /app
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build:web && pnpm build:server
ENV NODE_ENV=production MALLOC_ARENA_MAX=2 WEB_BUILD=never PORT=8080
EXPOSE 8080
# API process (RUN_JOBS=false); the worker runs dist/server/scripts/worker.js, the balancer
# dist/server/scripts/cluster/balance.js (see docker-compose.yml).
CMD ["node", "--max-semi-space-size=4", "dist/server/scripts/start.js"]
