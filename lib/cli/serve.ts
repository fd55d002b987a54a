import { CommandFailed, type Command } from './command.js'

/** Flags that stand for an environment variable: a flag wins over the variable, and a bad value is reported by the variable's name. */
const settingFlags = { port: 'PORT', host: 'HOST', 'data-dir': 'DATA_DIR' } as const

export const serve: Command = {
  words: 'serve',
  summary: 'run the server (as npm start)',
  usage: `litehouse serve [--port PORT] [--host HOST] [--data-dir DIR]

Runs the server in this process, as \`npm start\` does, until SIGTERM or SIGINT.
  --port PORT      sets PORT (default 3000)
  --host HOST      sets HOST (default 127.0.0.1)
  --data-dir DIR   sets DATA_DIR (default ./data)
Every other setting comes from the environment (docs/configuration.md); a bad one
stops the start with exit 1 and a message naming the variable.`,
  options: { port: { type: 'string' }, host: { type: 'string' }, 'data-dir': { type: 'string' } },
  positionals: [],
  async run ({ values }) {
    // into process.env itself: the server reads its settings from there too
    for (const [flag, variable] of Object.entries(settingFlags)) {
      if (values[flag] !== undefined) process.env[variable] = values[flag] as string
    }
    const { ConfigError, loadConfig } = await import('../../fastify.config.js')
    let config
    try {
      config = loadConfig(process.env)
    } catch (err) {
      if (err instanceof ConfigError) throw new CommandFailed(err.message)
      throw err
    }
    const [{ default: app, serverOptions }, { serve: listen }] = await Promise.all([import('../../app.js'), import('../serve.js')])
    // in-flight requests get up to one query deadline (plus 5 s) to finish after SIGTERM/SIGINT, as with npm start
    await listen(app, serverOptions(config), config, config.queryTimeoutMs + 5000)
    return 'serving'
  }
}
