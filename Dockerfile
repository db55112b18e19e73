# molt: one image for the API, the worker and the one-shot init (`molt api|worker|keys bootstrap`).
# Node 24, a supported LTS line; the app runs as the image's unprivileged `node` user.
FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
# Dependencies only: the `prepare` script (the CLI build) needs the sources, copied next.
RUN npm install --no-audit --no-fund --ignore-scripts
COPY . .
# The compiled CLI (dist/cli, scripts/cli-build.mjs): `molt` starts without compiling TypeScript.
RUN node scripts/cli-build.mjs
# The pre-built workflow bundle the worker loads (no bundling at start-up).
RUN node bin/molt.mjs bundle-workflows --out dist/workflow-bundle.js
ENV MOLT_WORKFLOW_BUNDLE=/app/dist/workflow-bundle.js
EXPOSE 8420
USER node
ENTRYPOINT ["node", "bin/molt.mjs"]
CMD ["api"]
