import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { DatabaseRef } from '../lib/analytics/index.js'
import { errors } from '../schemas/common.js'
import {
  AnalyticsDatabaseParams, DatabaseOverviewResponse, ErrorsQuery, ErrorsResponse, OverviewResponse, PatternsQuery, PatternsResponse, QueriesQuery,
  QueriesResponse, RangeQuery, SizeResponse, TopQueriesQuery, TopQueriesResponse, VolumeResponse
} from '../schemas/analytics.js'
import { area } from '../plugins/area.js'

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { analytics, store } = fastify
  // Analytics knows a database by its UUID (`database_id`), and by name for rows older than ids.
  const known = (name: string): DatabaseRef => {
    const record = store.databases.require(name)
    return { id: record.uuid, name: record.name }
  }
  const tags = ['analytics']
  const description = 'The database\'s rows are those with its database_id (which survives renames), plus rows without ' +
    'one (written before ids existed) under its current name: a name reused after a delete starts empty.'

  fastify.get('/overview', {
    schema: { tags, operationId: 'analyticsOverview', summary: 'Totals over every database', querystring: RangeQuery, response: { 200: OverviewResponse, ...errors(401, 403) } }
  }, async function (request) {
    return { data: await analytics.overview(request.query.range) }
  })

  fastify.get('/top-queries', {
    schema: { tags, operationId: 'analyticsTopQueries', summary: 'The most-called pattern of each database', querystring: TopQueriesQuery, response: { 200: TopQueriesResponse, ...errors(401, 403) } }
  }, async function (request) {
    return { data: await analytics.topQueries(request.query) }
  })

  fastify.get('/errors', {
    schema: { tags, operationId: 'analyticsErrors', summary: 'Recent failed queries, newest first', querystring: ErrorsQuery, response: { 200: ErrorsResponse, ...errors(401, 403) } }
  }, async function (request) {
    return { data: await analytics.errors(request.query) }
  })

  fastify.get('/volume', {
    schema: { tags, operationId: 'analyticsVolume', summary: 'Queries, errors and rows per hour, day or ISO week', querystring: RangeQuery, response: { 200: VolumeResponse, ...errors(401, 403) } }
  }, async function (request) {
    return { data: await analytics.volume(request.query.range) }
  })

  fastify.get('/:database/overview', {
    schema: {
      tags, operationId: 'analyticsDatabaseOverview', description, summary: 'One database: totals and its top 10 patterns',
      params: AnalyticsDatabaseParams, querystring: RangeQuery, response: { 200: DatabaseOverviewResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    return { data: await analytics.databaseOverview(known(request.params.database), request.query.range) }
  })

  fastify.get('/:database/queries', {
    schema: {
      tags, operationId: 'analyticsQueries', description, summary: 'The query log of one database, newest first',
      params: AnalyticsDatabaseParams, querystring: QueriesQuery, response: { 200: QueriesResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const { limit, offset } = request.query
    const page = await analytics.queries({ ...request.query, database: known(request.params.database) })
    return { data: page.rows, meta: { limit, offset, total: page.total } }
  })

  fastify.get('/:database/patterns', {
    schema: {
      tags, operationId: 'analyticsPatterns', description, summary: 'Every pattern of one database, sorted by calls, total time, p95 or errors',
      params: AnalyticsDatabaseParams, querystring: PatternsQuery, response: { 200: PatternsResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    const { limit, offset } = request.query
    const page = await analytics.patterns(known(request.params.database), request.query)
    return { data: page.items, meta: { limit, offset, total: page.total } }
  })

  fastify.get('/:database/size', {
    schema: {
      tags, operationId: 'analyticsSize', description, summary: 'The last 100 storage snapshots of one database',
      params: AnalyticsDatabaseParams, response: { 200: SizeResponse, ...errors(401, 403, 404) }
    }
  }, async function (request) {
    return { data: await analytics.size(known(request.params.database)) }
  })
}

export default area('analytics', plugin, ['analytics', 'store'])
