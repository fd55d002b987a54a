import { ConfigSchema } from '../../fastify.config.js'

interface SettingSchema {
  default?: unknown
  description?: string
  enum?: unknown[]
  anyOf?: Array<{ const?: unknown }>
}

/** A default as a reader wants it: byte counts in MiB/GiB besides the number, nothing for an unset one. */
function shownDefault (value: unknown): string {
  if (value === undefined) return '(unset)'
  if (typeof value === 'number' && value >= 1024 * 1024 && value % (1024 * 1024) === 0) {
    const mib = value / (1024 * 1024)
    return `${value} (${mib % 1024 === 0 ? `${mib / 1024} GiB` : `${mib} MiB`})`
  }
  return String(value)
}

/**
 * docs/configuration.md, written from the settings schema itself (`npm run docs:config`), so the page lists every
 * setting the server reads with the default and meaning it really has; a test keeps the committed page equal to it.
 */
export function configurationPage (): string {
  const rows = Object.entries(ConfigSchema.properties as Record<string, SettingSchema>).map(([name, schema]) => {
    const meaning = (schema.description ?? '').replaceAll('|', '\\|')
    return `| \`${name}\` | ${shownDefault(schema.default)} | ${meaning} |`
  })
  return [
    '# Configuration',
    '',
    'Environment variables, read once at start by `fastify.config.ts`; a bad value stops start-up with a message',
    'naming the variable. This page is generated from that schema (`npm run docs:config`); a test fails when it is',
    'out of date. `ENGINE_WORKERS` defaults to the number of cores (at least 2); the figure below is this machine\'s.',
    '',
    '| Variable | Default | Meaning |',
    '|---|---|---|',
    ...rows,
    ''
  ].join('\n')
}
