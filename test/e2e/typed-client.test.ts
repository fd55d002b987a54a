// A database's own OpenAPI document is good enough to build a typed client from: openapi-typescript generates the
// types from a live server's document, a small openapi-fetch program is type-checked against them (a wrong column
// type must not compile) and then run against the same server over real HTTP.
import { execFile, spawnSync } from 'node:child_process'
import { symlinkSync, writeFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import t from 'tap'
import openapiTS, { astToString } from 'openapi-typescript'
import { as, build, signIn, tempDir, workspace } from '../helper.js'
import { toolEnv } from '../tool-env.js'

const projectRoot = join(import.meta.dirname, '..', '..')
const tsc = join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc')

const { app } = await build(t)
await app.listen({ port: 0, host: '127.0.0.1' })
const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
const admin = as(app, await signIn(app))
const { freshDatabase, keyFor, sql } = workspace(admin, 'typed')

const db = await freshDatabase()
await sql(db, 'CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT NOT NULL, done BOOLEAN NOT NULL DEFAULT 0, tags JSON)')
const key = await keyFor(db, 'write')

const program = (db: string) => `
import createClient from 'openapi-fetch'
import type { paths } from './schema.js'

const client = createClient<paths>({ baseUrl: process.env.BASE_URL, headers: { authorization: \`Bearer \${process.env.KEY}\` } })
const created = await client.POST('/api/databases/${db}/tables/tasks/records', { body: { title: 'typed', done: true, tags: ['a', 'b'] } })
if (created.error !== undefined || created.data === undefined) throw new Error(JSON.stringify(created.error))
const record = created.data.data
if (Array.isArray(record)) throw new Error('one record sent, one expected back')
const read = await client.GET('/api/databases/${db}/tables/tasks/records/{id}', { params: { path: { id: record.id } } })
const done: boolean = read.data!.data.done
const list = await client.GET('/api/databases/${db}/tables/tasks/records', { params: { query: { sort: ['-id'], limit: 10 } } })
console.log(JSON.stringify({ id: record.id, done, titles: list.data!.data.map((task) => task.title) }))
`

/** `tsc --noEmit` over the given files of `dir` in one run (a tsc start costs seconds): its exit status and output. */
function typecheck (dir: string, files: string[]): { status: number | null, output: string } {
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '--strict', '--module', 'nodenext', '--moduleResolution', 'nodenext',
    '--target', 'es2022', '--skipLibCheck', ...files], { cwd: dir, env: toolEnv(), encoding: 'utf8' })
  return { status: run.status, output: run.stdout + run.stderr }
}

t.test('a client generated from the database document type-checks, refuses wrong types, and runs', async (t) => {
  const res = await as(app, key)({ method: 'GET', url: `/api/databases/${db}/openapi.json` })
  t.equal(res.statusCode, 200)
  const dir = tempDir(t, 'litehouse-typed-')
  writeFileSync(join(dir, 'schema.ts'), astToString(await openapiTS(res.json())))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
  symlinkSync(join(projectRoot, 'node_modules'), join(dir, 'node_modules'))

  // the wrong program and the right one, checked by one tsc: each error line names its file
  writeFileSync(join(dir, 'wrong.ts'), program(db).replace("title: 'typed'", 'title: 42'))
  writeFileSync(join(dir, 'client.ts'), program(db))
  const checked = typecheck(dir, ['wrong.ts', 'client.ts'])
  t.not(checked.status, 0, 'a number for a text column does not compile')
  const errors = checked.output.split('\n').filter((line) => /(^|\s)error TS\d+:/.test(line))
  t.match(errors.filter((line) => line.startsWith('wrong.ts(')).join('\n'), /wrong\.ts\(6,\d+\): error TS2322/, 'the compiler points at the body')
  t.strictSame(errors.filter((line) => !line.startsWith('wrong.ts(')), [], 'the right program (and the generated schema) compile: no error outside the wrong one')

  // not spawnSync: the server answering the program runs in this process
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, ['--import', 'tsx', 'client.ts'], { cwd: dir, env: { ...process.env, BASE_URL: baseUrl, KEY: key }, timeout: 60_000 },
      (err, out, errOut) => err ? reject(new Error(`${err.message}\n${errOut}`)) : resolve(out))
  })
  t.strictSame(JSON.parse(stdout), { id: 1, done: true, titles: ['typed'] })
})
