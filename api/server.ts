import { randomUUID } from 'node:crypto';
/**
 * The HTTP service (Fastify + zod). Stateless: run as many as the load needs behind a load
 * balancer; all state is in PostgreSQL and Temporal.
 */
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiDeps } from './deps.js';
import { TurnDispatcher } from './ingest/turn-dispatcher.js';
import { registerAuth } from './plugins/auth.js';
import { registerAuthFailureLimit } from './plugins/auth-failures.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { registerConsole } from './plugins/console.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerJsonBody } from './plugins/json-body.js';
import { registerKeyConcurrency } from './plugins/key-concurrency.js';
import { registerKeyScope } from './plugins/key-scope.js';
import { createApiMetrics, registerMetrics } from './plugins/metrics.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { cliPromptRoutes } from './routes/cli-prompt.js';
import { compactionRoutes } from './routes/compactions.js';
import { contextRoutes } from './routes/context.js';
import { erasureRoutes } from './routes/erasure.js';
import { keyRoutes } from './routes/keys.js';
import { mcpRoutes } from './routes/mcp.js';
import { memoryRoutes } from './routes/memories.js';
import { memoryEditRoutes } from './routes/memory-edit.js';
import { memoryEmbeddingRoutes } from './routes/memory-embeddings.js';
import { memoryExpandRoutes } from './routes/memory-expand.js';
import { memoryExtractionRoutes } from './routes/memory-extractions.js';
import { memoryStoreRoutes } from './routes/memory-store.js';
import { memoryToolRoutes } from './routes/memory-tool.js';
import { sessionRoutes } from './routes/sessions.js';
import { timelineRoutes } from './routes/timeline.js';
import { turnRoutes } from './routes/turns.js';
import { registerStorableCheck } from './schemas/storable.js';

const readinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.boolean(),
  temporal: z.boolean(),
  /** A worker polls molt's task queue: turns are applied (issue 32). */
  worker: z.boolean(),
});

/** A turn may carry big tool results (OpenClaw caps one at 400K chars); 16 MiB bounds a request. */
export const BODY_LIMIT_BYTES = 16 * 1024 * 1024;

export interface BuildApiOptions {
  logger?: boolean | { level: string };
  /** A logger of the caller's (cli/log.ts); takes the place of `logger`. */
  loggerInstance?: FastifyBaseLogger;
  /**
   * One line per request (`all`), per answer of 400 and up (`errors`), or none (`off`), instead of
   * Fastify's two per request (left as they are when unset).
   */
  requestLog?: 'all' | 'errors' | 'off';
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const frameworkErrorText = (code: string | undefined) =>
  code === 'FST_ERR_BAD_URL' ? 'the URL cannot be decoded (invalid percent-encoding)' : 'invalid';

export async function buildApi(deps: ApiDeps, options: BuildApiOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger ?? false }),
    // molt's own request lines (below) in place of Fastify's.
    ...(options.requestLog !== undefined
      ? { logController: new LogController({ disableRequestLogging: true }) }
      : {}),
    bodyLimit: BODY_LIMIT_BYTES,
    // Ids molt issues embed the session id (≤ 128) and more: an extraction id reaches ~250
    // characters. Fastify's default (100) answered 414 for them.
    routerOptions: { maxParamLength: 600 },
    // A URL the router cannot decode (invalid percent-encoding) gets the same error body as the
    // rest, with the request id, instead of Fastify's own shape.
    frameworkErrors: (error, request, reply) => {
      reply.header('x-request-id', request.id);
      return (reply as unknown as FastifyReply).status(400).send({
        error: {
          requestId: request.id,
          code: 'invalid_request',
          message: `params: ${frameworkErrorText(error.code)}`,
        },
      });
    },
    // What the HTTP parser refuses gets molt's error shape and a request id too.
    clientErrorHandler,
    // A well-formed client `x-request-id` is kept; anything else gets a fresh id.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const requestLog = options.requestLog;
  if (requestLog === 'all' || requestLog === 'errors') {
    app.addHook('onResponse', async (request, reply) => {
      if (requestLog === 'errors' && reply.statusCode < 400) return;
      const ms = Math.round(reply.elapsedTime);
      // The path only: a query string can carry what a client searched for.
      const path = request.url.split('?')[0];
      const line = `${request.method} ${path} → ${reply.statusCode} (${ms} ms)`;
      if (reply.statusCode >= 500) request.log.error(line);
      else if (reply.statusCode >= 400) request.log.warn(line);
      else request.log.info(line);
    });
  }
  // Docs and metrics record routes as they are added: before every other route.
  await registerDocs(app);
  const metrics = createApiMetrics();
  registerMetrics(app, deps.db, metrics);
  await registerRateLimit(app, deps.rateLimitPerMinute, deps.auth ?? 'open');
  registerAuthFailureLimit(app, deps.authFailuresPerMinute);
  // The per-key bound before the key's lookup: a refused request takes no pooled connection.
  registerKeyConcurrency(app, deps.keyConcurrency, deps.auth ?? 'open');
  registerAuth(app, deps.db, deps.auth ?? 'open');
  registerStorableCheck(app);
  registerKeyScope(app, deps.db);
  // Coalesced turns: the dispatcher signals what the turn route stored (api/ingest/turn-dispatcher.ts).
  const turnDispatcher = new TurnDispatcher({
    db: deps.db,
    temporal: deps.temporal,
    taskQueue: deps.taskQueue,
    ...(deps.memoryIdleMs !== undefined ? { memoryIdleMs: deps.memoryIdleMs } : {}),
    ...(deps.temporalTimeoutMs !== undefined ? { temporalTimeoutMs: deps.temporalTimeoutMs } : {}),
    ...deps.turnDispatch,
  });
  turnDispatcher.start();
  app.addHook('onClose', async () => turnDispatcher.stop());
  const routeDeps: ApiDeps = { ...deps, metrics, turnDispatcher };

  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));
  app.get(
    '/readyz',
    { schema: { response: { 200: readinessSchema, 503: readinessSchema } } },
    async (_request, reply) => {
      const [database, temporal] = await Promise.all([
        deps.readiness?.database() ?? Promise.resolve(true),
        deps.readiness?.temporal() ?? Promise.resolve(true),
      ]);
      // No worker can apply turns while none polls the task queue (asked only when Temporal answers).
      const worker = temporal ? await (deps.readiness?.worker?.() ?? Promise.resolve(true)) : false;
      const ready = database && temporal && worker;
      if (!ready) reply.header('retry-after', '5');
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', database, temporal, worker });
    },
  );

  await app.register(turnRoutes(routeDeps, turnDispatcher));
  await app.register(sessionRoutes(routeDeps));
  await app.register(contextRoutes(routeDeps));
  await app.register(compactionRoutes(routeDeps));
  await app.register(memoryRoutes(routeDeps));
  await app.register(memoryExpandRoutes(routeDeps));
  await app.register(memoryExtractionRoutes(routeDeps));
  await app.register(cliPromptRoutes());
  await app.register(memoryEmbeddingRoutes(routeDeps));
  await app.register(erasureRoutes(routeDeps));
  await app.register(mcpRoutes(app));
  await app.register(timelineRoutes(routeDeps));
  await app.register(memoryEditRoutes(routeDeps));
  await app.register(memoryToolRoutes(routeDeps));
  await app.register(memoryStoreRoutes(routeDeps));
  await registerConsole(app);
  await app.register(keyRoutes(routeDeps));
  return app;
}
