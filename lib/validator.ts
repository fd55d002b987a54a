import AjvCompiler from '@fastify/ajv-compiler'
import { lazily } from './lazy-compile.js'

/**
 * Litehouse's Ajv options: query strings and path parameters arrive as text, so they are coerced to their schema
 * types (and `?count` gets its default); unknown members are refused, not dropped; `verbose` gives each error its
 * schema and data, which validation messages name (lib/validation-message.ts).
 */
export const ajvOptions = { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, verbose: true } as const

type ValidatorFactory = (route: { schema: unknown, method?: string, url?: string, httpPart?: string }) => (data: unknown) => unknown

const buildAjv = AjvCompiler()

/**
 * JSON bodies are not coerced: `{ "label": 42 }` is a 400, not the label "42", and a column default `false` stays a
 * boolean rather than becoming the first member of its union, the string "false".
 */
export function buildValidator (externalSchemas: unknown, serverAjv: { customOptions: object, plugins: unknown[] }): ValidatorFactory {
  const coercing = buildAjv(externalSchemas as never, serverAjv as never)
  const strict = buildAjv(externalSchemas as never, { ...serverAjv, customOptions: { ...serverAjv.customOptions, coerceTypes: false } } as never)
  return (route) => route.httpPart === 'body' ? strict(route as never) : coercing(route as never)
}

/**
 * The validator compiler an area plugin installs in its own context, whatever Ajv options its host server has;
 * compiled on first use (@see lazy-compile.ts).
 */
export const validatorCompiler = lazily(buildValidator({}, { customOptions: ajvOptions, plugins: [] }))
