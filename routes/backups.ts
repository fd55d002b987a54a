import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { DatabaseDetailResponse, DatabaseParams } from '../schemas/databases.js'
import { BackupListResponse, DeletedListResponse, RestoreBody, RestoreDeletedBody, SnapshotResponse } from '../schemas/backups.js'
import type { DatabaseRecord } from '../lib/store/databases.js'
import { BackupsDisabled } from '../lib/errors.js'
import { actorOf } from '../plugins/auth.js'
import { area } from '../plugins/area.js'

/** Backups of hosted databases (admin only); `404 BACKUPS_DISABLED` while BACKUP_URL is not set. */
const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { databases } = fastify
  const backups = () => {
    if (fastify.backups === undefined) throw new BackupsDisabled()
    return fastify.backups
  }
  const target = (request: { database: DatabaseRecord | null }): DatabaseRecord => request.database as DatabaseRecord

  fastify.get('/databases/:name/backups', {
    schema: {
      tags: ['backups'],
      operationId: 'listBackups',
      summary: 'Snapshots of a database and the window a restore can reach',
      params: DatabaseParams,
      response: { 200: BackupListResponse, ...errors(401, 403, 404, 503) }
    }
  }, async function (request) {
    return { data: await backups().list(target(request)) }
  })

  fastify.post('/databases/:name/backups', {
    schema: {
      tags: ['backups'],
      operationId: 'createBackup',
      summary: 'Take a snapshot now',
      params: DatabaseParams,
      response: { 201: SnapshotResponse, ...errors(401, 403, 404, 503) }
    }
  }, async function (request, reply) {
    const snapshot = await backups().snapshot(target(request))
    reply.code(201)
    return { data: snapshot }
  })

  fastify.post('/databases/:name/restore', {
    schema: {
      tags: ['backups'],
      operationId: 'restoreDatabase',
      summary: 'Restore a database to an instant, in place or into a new database (target)',
      params: DatabaseParams,
      body: RestoreBody,
      response: { 200: DatabaseDetailResponse, ...errors(401, 403, 404, 409, 503) }
    }
  }, async function (request) {
    const record = await backups().restore(target(request), request.body, { actor: actorOf(request), ip: request.ip })
    return { data: await databases.detail(record, false) }
  })

  fastify.post('/databases/restore', {
    schema: {
      tags: ['backups'],
      operationId: 'restoreDeletedDatabase',
      summary: 'Bring a deleted database back as a new database',
      body: RestoreDeletedBody,
      response: { 200: DatabaseDetailResponse, ...errors(401, 403, 404, 409, 503) }
    }
  }, async function (request) {
    const record = await backups().restoreDeleted(request.body, { actor: actorOf(request), ip: request.ip })
    return { data: await databases.detail(record, false) }
  })

  fastify.get('/backups/deleted', {
    schema: {
      tags: ['backups'],
      operationId: 'listDeletedDatabases',
      summary: 'Deleted databases whose backup can still be restored',
      response: { 200: DeletedListResponse, ...errors(401, 403, 404) }
    }
  }, async function () {
    return { data: backups().listDeleted() }
  })
}

export default area('backups', plugin, ['databases', 'backups'])
