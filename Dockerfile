# Sluice's image, for the distributed mode's roles (docker-compose.yml). Built in two stages: the
# first installs every package (better-sqlite3 compiles here) and builds; the second keeps only
# what runs, so a role's container holds no compiler and no development packages.
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
# Every role answers health checks on PORT: the API its routes, the others /healthz and /readyz.
ENV PORT=8080
EXPOSE 8080
CMD ["node", "--enable-source-maps", "dist/src/main.js"]
