// A Fastify app of its own that embeds Litehouse: its own routes and its own users, with Litehouse's records and
// query routes mounted under /data for the one database the app keeps its notes in. Run: `npm start` (Node 24 runs
// this TypeScript file as it is); settings come from the code below, never from Litehouse reading process.env.
import Fastify from 'fastify'
import litehouse, { query, records } from 'litehouse'

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } })

// 1. The core: configuration (the README's settings, by name), system store, engine, access guards.
await app.register(litehouse, { settings: { DATA_DIR: process.env.DATA_DIR ?? './data', LOG_LEVEL: 'warn' } })

// 2. The app's database, created once at boot.
const database = app.store.databases.findByName('notes') ??
  await app.databases.create('notes', null, { actor: { type: 'admin', id: null, email: 'embed-example' } })

// 3. The app's own sign-in (here one fixed token per user): a signed-in user may read and write the notes database,
//    and nothing else, as a Litehouse API key of that database would. Without a user, Litehouse answers 401.
const users = new Map([[process.env.APP_TOKEN ?? 'let-me-in', 'alice']])
app.addHook('onRequest', async (request) => {
  const user = users.get(String(request.headers['x-app-token']))
  if (user !== undefined) request.principal = { kind: 'key', keyId: `user:${user}`, databaseId: database.id, scope: 'write', rateLimit: null }
})

// 4. The app's own routes, and Litehouse's areas under a prefix of its choosing.
app.get('/hello', async () => ({ hello: 'from the app itself' }))
await app.register(records, { prefix: '/data' })
await app.register(query, { prefix: '/data' })

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3100) })
