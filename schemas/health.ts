import { Type } from '@sinclair/typebox'

export const HealthResponse = Type.Object({
  status: Type.Literal('ok'),
  version: Type.String(),
  databases: Type.Integer(),
  backups: Type.Optional(Type.Object({
    status: Type.Union([Type.Literal('ok'), Type.Literal('failing')]),
    message: Type.Optional(Type.String()),
    replicating: Type.Integer({ description: 'databases being replicated now, _system.db included' }),
    restarts: Type.Integer()
  }, { description: 'present when BACKUP_URL is set' }))
})
