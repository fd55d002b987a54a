import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { errors } from '../schemas/common.js'
import { SettingsPatchSchema, SettingsResponse } from '../schemas/settings.js'
import { InvalidTimezone } from '../lib/errors.js'
import { actorOf } from '../plugins/auth.js'
import { area } from '../plugins/area.js'

function isTimeZone (zone: string): boolean {
  try {
    Intl.DateTimeFormat('en-US', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const plugin: FastifyPluginAsyncTypebox = async (fastify) => {
  const { store } = fastify

  fastify.get('/', {
    schema: { tags: ['system'], operationId: 'getSettings', summary: 'Global settings', response: { 200: SettingsResponse, ...errors(401, 403) } }
  }, async function () {
    return { data: store.settings.get() }
  })

  fastify.patch('/', {
    schema: {
      tags: ['system'],
      operationId: 'updateSettings',
      summary: 'Change global settings (timezone must be an IANA zone)',
      body: SettingsPatchSchema,
      response: { 200: SettingsResponse, ...errors(401, 403) }
    }
  }, async function (request) {
    const { timezone } = request.body
    if (timezone !== undefined && !isTimeZone(timezone)) throw new InvalidTimezone(timezone)
    const settings = await store.settings.update(request.body)
    store.activity.add({ action: 'settings.update', actor: actorOf(request), details: request.body, ip: request.ip })
    return { data: settings }
  })
}

export default area('settings', plugin, ['store'])
