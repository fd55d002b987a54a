import fp from 'fastify-plugin'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { registerBackupMetrics } from '../lib/backup/metrics.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus registry of this server (GET /api/metrics): its own, so two apps in one process never share one. */
    metrics: Registry
  }
}

/**
 * The metrics CONTRACT.md lists. HTTP requests are counted in an onResponse hook; everything the engine and the
 * analytics recorder already count is read when Prometheus scrapes (collect), so it costs requests nothing.
 */
export default fp(async (fastify) => {
  const register = new Registry()
  collectDefaultMetrics({ register })
  const { engine } = fastify

  const labelNames = ['method', 'route', 'status'] as const
  const requests = new Counter({ name: 'litehouse_http_requests_total', help: 'HTTP requests answered, by route and status', labelNames, registers: [register] })
  const duration = new Histogram({
    name: 'litehouse_http_request_duration_seconds',
    help: 'HTTP request duration in seconds, by route and status',
    labelNames,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register]
  })
  fastify.addHook('onResponse', (request, reply, done) => {
    // the route pattern, never the raw URL: one series per route, whatever the ids in the path
    const labels = { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) }
    requests.inc(labels)
    duration.observe(labels, reply.elapsedTime / 1000)
    done()
  })

  const gauge = (name: string, help: string, read: () => number | undefined) => new Gauge({
    name, help, registers: [register], collect () { const value = read(); if (value !== undefined) this.set(value) }
  })
  const counter = (name: string, help: string, read: () => number | undefined) => new Counter({
    name, help, registers: [register], collect () { const value = read(); if (value !== undefined) { this.reset(); this.inc(value) } }
  })
  gauge('litehouse_engine_queue_depth', 'engine jobs waiting for a worker', () => engine.stats().queued)
  gauge('litehouse_engine_running', 'engine jobs handed to workers and not answered yet', () => engine.stats().running)
  gauge('litehouse_engine_open_connections', 'database connections open over the inline lane and every worker', () => engine.stats().openConnections)
  counter('litehouse_engine_opens_total', 'database connections opened', () => engine.stats().opens)
  counter('litehouse_engine_cache_hits_total', 'jobs that found their database connection open', () => engine.stats().cacheHits)
  counter('litehouse_engine_cache_misses_total', 'jobs that had to open their database connection', () => engine.stats().cacheMisses)
  counter('litehouse_worker_restarts_total', 'engine workers replaced after a crash or a deadline', () => engine.stats().restarts)
  gauge('litehouse_analytics_buffer_depth', 'analytics events buffered, not yet written', () => fastify.analytics.buffered)
  counter('litehouse_analytics_dropped_total', 'analytics events dropped while the buffer was full', () => fastify.analytics.droppedTotal)

  if (fastify.backups !== undefined) registerBackupMetrics(register, fastify.backups.supervisor, (id) => fastify.store.databases.findById(id)?.name)

  fastify.decorate('metrics', register)
}, { name: 'metrics', dependencies: ['engine', 'analytics', 'backup'], fastify: '5.x' })
