# The official Bun image, pinned to the version the project is tested with.
FROM oven/bun:1.4.5-slim AS deps
WORKDIR /app
COPY package.json bun.lock ./
RUN bun install --frozen-lockfile --production

FROM oven/bun:1.4.5-slim
WORKDIR /app
ENV NODE_ENV=production \
    DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json bun.lock tsconfig.json ./
COPY src ./src
COPY migrations ./migrations
COPY views ./views
# The image's own unprivileged `bun` user owns the data volume; nothing runs as root.
RUN mkdir -p /data && chown bun:bun /data
USER bun
VOLUME ["/data"]
# core HTTP (Torznab, GraphQL), dashboard HTTP, DHT over UDP, peer wire protocol over TCP
EXPOSE 3333 8080 4413/udp 4413/tcp
# The slim image has no curl; Bun's own fetch asks /healthz (500 when the database is unreachable).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["bun", "-e", "fetch('http://127.0.0.1:' + (process.env.CORE_PORT || 3333) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["bun", "src/main.ts"]
