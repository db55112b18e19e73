/**
 * GET /metrics in Prometheus text format: the process's default metrics, request counts and
 * durations by route template, turn outcomes, and counts read from PostgreSQL at scrape time.
 * Each API instance has its own registry, so several APIs in one process (tests) do not clash.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { COMPACTION_STATUSES } from '../../context/compaction-rules.js';
import type { Database } from '../../db/client.js';
import { databaseGauges } from '../../db/sessions.js';

/** Every status a compaction row can have; each is exported, at 0 when no row has it. */

/** Request durations from 5 ms (a cached read) to 30 s (an overflow update that compacts). */
const DURATION_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of requests no route matched: raw URLs would make a series per scanner probe. */
const UNMATCHED_ROUTE = 'unmatched';

export type TurnOutcome = 'appended' | 'replayed' | 'conflict';

export interface ApiMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  turns: Counter<'outcome'>;
  sessionsTotal: Gauge;
  sessionsBreakerOpen: Gauge;
  compactions: Gauge<'status'>;
  databaseUp: Gauge;
}

export function createApiMetrics(): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'molt_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'molt_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status code.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS_SECONDS,
      registers,
    }),
    turns: new Counter({
      name: 'molt_turns_total',
      help: 'Turns posted, by outcome: appended, replayed (same turnId and content) or conflict.',
      labelNames: ['outcome'],
      registers,
    }),
    sessionsTotal: new Gauge({
      name: 'molt_sessions_total',
      help: 'Sessions stored, all tenants (read from PostgreSQL at scrape time).',
      registers,
    }),
    sessionsBreakerOpen: new Gauge({
      name: 'molt_sessions_breaker_open',
      help: 'Sessions whose compaction circuit breaker is open (read from PostgreSQL at scrape time).',
      registers,
    }),
    compactions: new Gauge({
      name: 'molt_compactions',
      help: 'Compaction attempts stored, by status (read from PostgreSQL at scrape time).',
      labelNames: ['status'],
      registers,
    }),
    databaseUp: new Gauge({
      name: 'molt_metrics_database_up',
      help: '1 when this scrape read the database gauges, 0 when PostgreSQL did not answer (they keep their last values).',
      registers,
    }),
  };
}

/** Reads the database gauges; one query for sessions, one for compactions. */
async function refreshDatabaseGauges(db: Database, metrics: ApiMetrics): Promise<void> {
  const gauges = await databaseGauges(db);
  const byStatus = gauges.byStatus;
  metrics.sessionsTotal.set(gauges.sessions);
  metrics.sessionsBreakerOpen.set(gauges.breakerOpen);
  metrics.compactions.reset();
  for (const status of COMPACTION_STATUSES) metrics.compactions.set({ status }, 0);
  for (const row of byStatus) metrics.compactions.set({ status: row.status }, row.count);
}

/**
 * Counts every response by route template and serves GET /metrics. Register before the routes:
 * the hook applies to routes registered after it.
 */
export function registerMetrics(app: FastifyInstance, db: Database, metrics: ApiMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1_000);
  });

  app.get('/metrics', async (request, reply) => {
    try {
      await refreshDatabaseGauges(db, metrics);
      metrics.databaseUp.set(1);
    } catch (error) {
      // The process metrics are most wanted when the database is down: answer them, and say
      // that the database gauges are stale rather than failing the whole scrape.
      request.log.warn({ err: error }, 'metrics: database counts unavailable');
      metrics.databaseUp.set(0);
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
