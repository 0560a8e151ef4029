# docex: one image for `serve`, `worker` and `migrate` (docs/deployment.md). Not built in CI here;
# the build stage compiles the service (tsc) and the web app (vite), the runtime stage keeps
# production dependencies only.
FROM node:24-bookworm-slim AS build
WORKDIR /opt/docex
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:app && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /opt/docex
# Capture's native OCR engine (docs/capture.md "The native engine"): found on PATH, it reads scans
# in half the time of the built-in tesseract.js, with docex's own language data.
RUN apt-get update && apt-get install -y --no-install-recommends tesseract-ocr \
  && rm -rf /var/lib/apt/lists/* && useradd --system --home /opt/docex docex
COPY --from=build --chown=docex:docex /opt/docex /opt/docex
USER docex
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["node", "--max-semi-space-size=32", "bin/docex.mjs"]
CMD ["serve"]
