# molt: one image for the API and the worker (`molt api`, `molt worker`).
FROM node:20-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# The pre-built workflow bundle the worker loads (no webpack work at start-up).
RUN node bin/molt.mjs bundle-workflows --out dist/workflow-bundle.js
ENV MOLT_WORKFLOW_BUNDLE=/app/dist/workflow-bundle.js \
    MOLT_API_HOST=0.0.0.0
EXPOSE 8420
ENTRYPOINT ["node", "bin/molt.mjs"]
CMD ["api"]
