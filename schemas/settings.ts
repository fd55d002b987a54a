import { Type, type Static } from '@sinclair/typebox'
import { Data } from './common.js'

export const SettingsSchema = Type.Object({
  timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone; analytics day boundaries and slot labels use it' }),
  serverUrl: Type.String({ format: 'uri', pattern: '^https?://', maxLength: 2048, description: 'public URL of this server' })
})

export const SettingsPatchSchema = Type.Partial(SettingsSchema, { additionalProperties: false, minProperties: 1 })
export type SettingsPatch = Static<typeof SettingsPatchSchema>

export const SettingsResponse = Data(SettingsSchema)
