import { Type, type Static } from '@sinclair/typebox'
import { Data, IsoDateSchema } from './common.js'

export const CredentialsSchema = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 8, maxLength: 1024 })
}, { additionalProperties: false })
export type Credentials = Static<typeof CredentialsSchema>

export const AdminSchema = Type.Object({ id: Type.String(), email: Type.String() })

export const StatusResponse = Data(Type.Object({ hasAdmin: Type.Boolean() }))
export const AdminResponse = Data(AdminSchema)
export const LoginResponse = Data(Type.Object({ token: Type.String(), admin: AdminSchema, expiresAt: IsoDateSchema }))
export const LogoutResponse = Data(Type.Object({ loggedOut: Type.Literal(true) }))

export const BootstrapHeadersSchema = Type.Object({
  'x-bootstrap-key': Type.Optional(Type.String({ maxLength: 1024 }))
})
