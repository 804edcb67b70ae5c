# The provider as a container image (documentation: not built or tested by `npm test`).
#   docker build -t gatehouse .
#   docker run -p 8787:8787 -v gatehouse-data:/data -e GATEHOUSE_PUBLIC_URL=https://login.example.com \
#     -e GATEHOUSE_SMTP_URL=smtps://… -e GATEHOUSE_TWILIO_ACCOUNT_SID=… … gatehouse
# See compose.yaml for PostgreSQL and two processes behind a proxy.

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the native parts (libsql) come as prebuilt optional packages.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build && npm prune --omit=dev --ignore-scripts

FROM node:20-slim
ENV NODE_ENV=production \
    GATEHOUSE_HOST=0.0.0.0 \
    GATEHOUSE_PORT=8787 \
    GATEHOUSE_DATABASE_URL=/data/gatehouse.db
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/bin ./bin
COPY --from=build /app/dist ./dist
# SQLite's file and secret.key live in /data, owned by the unprivileged user that runs the server.
RUN mkdir -m 700 /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8787
# Liveness: the process answers. Use GET /readyz for readiness (database reachable, migrated).
HEALTHCHECK --interval=10s --timeout=3s \
  CMD node -e "fetch('http://127.0.0.1:8787/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# SIGTERM drains the requests in flight, then exits (up to 35 s: stop_grace_period above that).
CMD ["node", "bin/gatehouse.js", "serve"]
