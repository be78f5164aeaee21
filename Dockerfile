# One image for both processes: `node dist/api/src/main.js` (API + front) or `node dist/workers/src/main.js`.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 PUPPETEER_SKIP_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY frontend/package.json frontend/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
# Chromium for the scrapers (the workers use it; the API image carries it too so one image serves both).
RUN apt-get update && apt-get install -y --no-install-recommends chromium ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/frontend/dist ./frontend/dist
COPY --from=build /app/libs/db/seed-data ./libs/db/seed-data
USER node
EXPOSE 3000
CMD ["node", "dist/api/src/main.js"]
