# syntax=docker/dockerfile:1
# --- build: all dependencies, then the production build (the app and the Express server in one) ---
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx react-router build

# --- deps: production dependencies only (no tsx, no Vite, no TypeScript) ---
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# --- runtime: the build, production node_modules and package.json; plain node ---
FROM node:24-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
# ExifTool (exiftool-vendored writes the provenance into images) is a perl program. The slim
# image's perl-base runs it; perl adds the modules it loads for some files (Compress::Zlib for
# compressed PNG chunks, Encode for other character sets), which perl-base lacks.
RUN apt-get update \
 && apt-get install -y --no-install-recommends perl \
 && rm -rf /var/lib/apt/lists/*
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
# The committed demo renders: the first start scales them instead of ray marching.
COPY --from=build /app/seed/renders ./seed/renders
COPY package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Readiness: migrations done and the database answering. (/healthz is liveness only.)
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains requests in flight and exits 0 (graceful shutdown).
STOPSIGNAL SIGTERM
CMD ["node", "build/server/index.js"]
