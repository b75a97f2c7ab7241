# The service on Debian with its Chromium. Build: docker build -t map-service . ; run: docker run -p 8080:8080 map-service
FROM node:20-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium tini \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# topology and renderer bundle, built into the image so start-up only launches Chromium
RUN node server/prepare.mjs && chown -R node:node /app
USER node
ENV PORT=8080 HOST=0.0.0.0 CHROMIUM_PATH=/usr/bin/chromium
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "--import", "tsx", "server/main.ts"]
