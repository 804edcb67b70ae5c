# The provider as a container image (documentation: not built or tested by `npm test`).
#   docker build -t gatehouse .
#   docker run -p 8787:8787 -v gatehouse-data:/data -e GATEHOUSE_PUBLIC_URL=https://login.example.com \
#     -e GATEHOUSE_RECOVERY_KEY=… -e GATEHOUSE_SMTP_URL=smtps://… -e GATEHOUSE_TWILIO_ACCOUNT_SID=… … gatehouse
# See compose.yaml for PostgreSQL and two processes behind a proxy.

# Node 24: an LTS line (security fixes until April 2028); Node 20 reached its end of life in April 2026.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the native parts (libsql) come as prebuilt optional packages.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build

# Only what the server runs: dependencies, not devDependencies (everything the browser gets is
# bundled into dist/client at build time). `npm run check:image` installs and starts it the same way.
FROM node:24-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts

FROM node:24-slim
ENV NODE_ENV=production \
    GATEHOUSE_HOST=0.0.0.0 \
    GATEHOUSE_PORT=8787 \
    GATEHOUSE_DATABASE_URL=/data/gatehouse.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
# SQLite's file and secret.key live in /data, owned by the unprivileged user that runs the server.
RUN mkdir -m 700 /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8787
# Ready: the database answers and is migrated (GET /readyz). Use GET /healthz as a liveness probe.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:8787/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM drains the requests in flight, then exits (up to 35 s: stop_grace_period above that).
CMD ["node", "bin/gatehouse.js", "serve"]
