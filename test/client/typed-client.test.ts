// The typed client end to end: `litehouse types shop --out shop.ts` (the real bin, against a live server) writes a
// database's types; a program using createLitehouseClient<paths> from lib/client type-checks and runs against the
// server, reaching a database's records and a service route; a wrong column name fails `tsc --noEmit`.
import { execFile, spawnSync } from 'node:child_process'
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import t from 'tap'
import { as, build, signIn, tempDir, workspace } from '../helper.js'
import { litehouse, projectRoot } from '../cli/run.js'
import { toolEnv } from '../tool-env.js'

t.setTimeout(1_200_000)

const tsc = join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc')
const clientModule = join(projectRoot, 'lib', 'client', 'index.js')

const { app } = await build(t)
await app.listen({ port: 0, host: '127.0.0.1' })
const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const admin = as(app, await signIn(app))
const { keyFor, sql } = workspace(admin, 'typed')
await admin({ method: 'POST', url: '/api/databases', payload: { name: 'shop' } })
await sql('shop', 'CREATE TABLE items (id INTEGER PRIMARY KEY, sku TEXT NOT NULL, price REAL, active BOOLEAN NOT NULL DEFAULT 1)')
const key = await keyFor('shop', 'write')

const program = (body: string) => `import { createLitehouseClient } from '${clientModule}'
import type { paths } from './shop.js'

const client = createLitehouseClient<paths>({ url: process.env.BASE_URL as string, token: process.env.KEY })
const created = await client.POST('/api/databases/shop/tables/items/records', { body: ${body} })
if (created.error !== undefined || created.data === undefined) throw new Error(JSON.stringify(created.error))
const record = created.data.data
if (Array.isArray(record)) throw new Error('one record sent, one expected back')
const sku: string = record.sku
const active: boolean = record.active
const list = await client.GET('/api/databases/shop/tables/items/records', { params: { query: { sort: ['-id'], limit: 10 } } })
const health = await client.GET('/api/health')
console.log(JSON.stringify({ id: record.id, sku, active, skus: list.data!.data.map((item) => item.sku), health: health.response.status }))
`

/** `tsc --noEmit` over the given files of `dir` in one run (a tsc start costs seconds): its exit status and output. */
function typecheck (dir: string, files: string[]): { status: number | null, output: string } {
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext',
    '--target', 'es2022', '--skipLibCheck', ...files], { cwd: dir, env: toolEnv(), encoding: 'utf8' })
  return { status: run.status, output: run.stdout + run.stderr }
}

t.test('types from the CLI type the client: a wrong column fails tsc, the right program runs', async (t) => {
  const dir = tempDir(t, 'litehouse-client-')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
  symlinkSync(join(projectRoot, 'node_modules'), join(dir, 'node_modules'))

  const ran = await litehouse(['types', 'shop', '--out', join(dir, 'shop.ts'), '--url', url], { LITEHOUSE_TOKEN: key })
  t.equal(ran.code, 0, ran.stderr)
  t.match(readFileSync(join(dir, 'shop.ts'), 'utf8'), /sku: string/)

  // the two wrong programs and the right one, checked by one tsc: each error line names its file
  writeFileSync(join(dir, 'wrong-column.ts'), program("{ skew: 'a-1', price: 9.5 }"))
  writeFileSync(join(dir, 'wrong-type.ts'), program("{ sku: 'a-1', price: '9.5' }"))
  writeFileSync(join(dir, 'client.ts'), program("{ sku: 'a-1', price: 9.5 }"))
  const checked = typecheck(dir, ['wrong-column.ts', 'wrong-type.ts', 'client.ts'])
  t.not(checked.status, 0, 'the wrong programs do not compile')
  const errors = checked.output.split('\n').filter((line) => /(^|\s)error TS\d+:/.test(line))
  t.match(errors.filter((line) => line.startsWith('wrong-column.ts(')).join('\n'),
    /wrong-column\.ts\(5,\d+\): error TS2353: Object literal may only specify known properties, and 'skew' does not exist/, 'a column the table does not have does not compile')
  t.match(errors.filter((line) => line.startsWith('wrong-type.ts(')).join('\n'),
    /wrong-type\.ts\(5,\d+\): error TS2322: Type 'string' is not assignable to type 'number/, 'a text for a REAL column does not compile')
  t.strictSame(errors.filter((line) => !line.startsWith('wrong-column.ts(') && !line.startsWith('wrong-type.ts(')), [],
    'the right program (and the generated types) compile: no error outside the two wrong programs')

  // not spawnSync: the server answering the program runs in this process
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'client.ts'], { cwd: dir, env: { ...process.env, BASE_URL: url, KEY: key }, timeout: 120_000 },
      (err, out, errOut) => err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out))
  })
  t.strictSame(JSON.parse(stdout), { id: 1, sku: 'a-1', active: true, skus: ['a-1'], health: 200 })
})
