// Every crash point of create, rename, import and delete: interrupt.ts runs the operation through the real service
// in a child process and SIGKILLs itself before its N-th file-system step; one full run counts the steps, then
// every N is tried. After each kill, start-up recovery must leave the old state or the new one, whole, with no
// stray file and no plan left behind.
import t, { type Test } from 'tap'
import { spawn } from 'node:child_process'
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import { createSystemStore } from '../../../lib/store/index.js'
import { recoverFilePlans } from '../../../lib/databases/pending.js'
import { build, signIn, as, tempDir } from '../../helper.js'

// some 25 child processes: a loaded machine needs more than the default 180 s
t.setTimeout(400_000)

const script = fileURLToPath(new URL('./interrupt.ts', import.meta.url))
const projectRoot = fileURLToPath(new URL('../../../', import.meta.url))
const sessionTtlMs = 3600_000
const alphaRows = 100
const sourceRows = 10

const root = tempDir(t, 'litehouse-windows-')
const template = join(root, 'template')
const rawKey = prepareTemplate()

/**
 * A data directory as a crash leaves it: `alpha` is registered with a key, and the last half of its rows
 * live only in its `-wal` (the connection that wrote them never closed), so every move must carry the side
 * files along. `source.sqlite` is the file the import uses.
 */
function prepareTemplate (): string {
  mkdirSync(template)
  const store = createSystemStore({ dataDir: template, sessionTtlMs })
  const alpha = store.databases.create('alpha', null)
  const { key } = store.keys.create(alpha.id, 'survivor', 'write')
  store.close()

  const scratch = join(root, 'scratch')
  mkdirSync(scratch)
  const db = new Database(join(scratch, 'alpha.db'))
  db.pragma('journal_mode = WAL')
  db.exec('CREATE TABLE t (n INTEGER)')
  const insert = db.prepare('INSERT INTO t VALUES (?)')
  for (let n = 0; n < alphaRows / 2; n++) insert.run(n)
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.pragma('wal_autocheckpoint = 0')
  for (let n = alphaRows / 2; n < alphaRows; n++) insert.run(n)
  for (const suffix of ['', '-wal', '-shm']) copyFileSync(join(scratch, 'alpha.db' + suffix), join(template, 'alpha.db' + suffix))
  db.close()

  const source = new Database(join(template, 'source.sqlite'))
  source.exec('CREATE TABLE s (n INTEGER)')
  for (let n = 0; n < sourceRows; n++) source.prepare('INSERT INTO s VALUES (?)').run(n)
  source.close()
  return key
}

/** Runs the operation in a child that dies before step `crashBefore`; the steps it took when it finished instead. */
function interrupt (dataDir: string, operation: string, crashBefore: number): Promise<number | 'killed'> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, operation, String(crashBefore)], {
      cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe']
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => { output += chunk })
    child.stderr.on('data', (chunk: Buffer) => { output += chunk })
    child.once('exit', (code, signal) => {
      const done = /DONE after (\d+) steps/.exec(output)
      if (code === 0 && done) resolve(Number(done[1]))
      else if (signal === 'SIGKILL') resolve('killed')
      else reject(new Error(`interrupt.ts ${operation} ${crashBefore} ended with ${code ?? signal}:\n${output}`))
    })
  })
}

function rowCount (file: string, table: string): number {
  const db = new Database(file, { readonly: true })
  try {
    const [{ integrity_check: integrity }] = db.pragma('integrity_check') as Array<{ integrity_check: string }>
    if (integrity !== 'ok') throw new Error(`${file}: ${integrity}`)
    return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n
  } finally {
    db.close()
  }
}

/** What start-up recovery leaves: registered names, files by database, leftovers, and whether the key still works. */
function recoverAndLook (dataDir: string) {
  const store = createSystemStore({ dataDir, sessionTtlMs })
  try {
    recoverFilePlans(dataDir, (name) => store.databases.findByName(name) !== undefined)
    const files = readdirSync(dataDir).filter((file) => /^[a-z]+\.db/.test(file)).sort()
    return {
      registered: store.databases.list().map((record) => record.name),
      filesOf: (name: string) => files.filter((file) => file.startsWith(`${name}.db`)),
      pending: existsSync(join(dataDir, '.pending')),
      keyDatabase: store.databases.findById(store.keys.resolve(rawKey)?.databaseId ?? '')?.name
    }
  } finally {
    store.close()
  }
}

/**
 * Runs `operation` once to its end to count its steps, then kills it before each step in turn (two runs at a
 * time); `check` judges every outcome after recovery and names the state it saw.
 */
async function everyCrashPoint (t: Test, operation: string, check: (dir: string, seen: ReturnType<typeof recoverAndLook>) => 'old' | 'new') {
  const run = async (step: number): Promise<{ step: number, dir: string, outcome: number | 'killed' }> => {
    const dir = join(root, `${operation}-${step}`)
    cpSync(template, dir, { recursive: true })
    return { step, dir, outcome: await interrupt(dir, operation, step) }
  }
  const complete = await run(Number.MAX_SAFE_INTEGER)
  const steps = complete.outcome
  if (steps === 'killed') throw new Error(`${operation} did not finish`)
  const runs = [complete]
  for (let step = 1; step <= steps; step += 2) runs.push(...await Promise.all([step, step + 1].filter((s) => s <= steps).map(run)))

  const states = new Set<string>()
  for (const { step, dir, outcome } of runs) {
    const when: string = step > steps ? 'run to its end' : `killed before step ${step} of ${steps}`
    if (step <= steps) t.equal(outcome, 'killed', `${operation} was ${when}`)
    const seen = recoverAndLook(dir)
    t.notOk(seen.pending, `${operation} ${when}: no plan is left`)
    states.add(check(dir, seen))
  }
  t.same([...states].sort(), ['new', 'old'], `${operation}: the crash points led to the old state and to the new one, nothing else`)
}

t.test('a create killed at any step registers the database with its file, or leaves neither', async (t) => {
  await everyCrashPoint(t, 'create', (dir, seen) => {
    const created = seen.registered.includes('delta')
    t.equal(seen.filesOf('delta').includes('delta.db'), created, 'delta.db exists exactly when registered')
    if (created) t.equal(rowCount(join(dir, 'delta.db'), 'sqlite_schema'), 0, 'it is an empty database')
    return created ? 'new' : 'old'
  })
})

t.test('a rename killed at any step leaves one name, one whole set of files, and a working key', async (t) => {
  await everyCrashPoint(t, 'rename', (dir, seen) => {
    t.equal(seen.registered.length, 1, 'exactly one of the names is registered')
    const [name] = seen.registered
    const other = name === 'alpha' ? 'beta' : 'alpha'
    t.same(seen.filesOf(name), ['alpha.db', 'alpha.db-shm', 'alpha.db-wal'].map((f) => f.replace('alpha', name)), `${name} has its file and side files`)
    t.same(seen.filesOf(other), [], `no file of ${other} is left`)
    t.equal(rowCount(join(dir, `${name}.db`), 't'), alphaRows, 'every row is there, those in the -wal included')
    t.equal(seen.keyDatabase, name, 'the key still reaches the database')
    return name === 'alpha' ? 'old' : 'new'
  })
})

t.test('an import killed at any step registers a whole database or leaves nothing', async (t) => {
  await everyCrashPoint(t, 'import', (dir, seen) => {
    const imported = seen.registered.includes('gamma')
    t.same(seen.filesOf('gamma'), imported ? ['gamma.db'] : [], 'gamma.db exists exactly when registered')
    if (imported) t.equal(rowCount(join(dir, 'gamma.db'), 's'), sourceRows, 'the imported rows are all there')
    t.equal(rowCount(join(dir, 'alpha.db'), 't'), alphaRows, 'the other database is untouched')
    return imported ? 'new' : 'old'
  })
})

t.test('a delete killed at any step keeps the whole database or removes it with its key and every file', async (t) => {
  await everyCrashPoint(t, 'delete', (dir, seen) => {
    const kept = seen.registered.includes('alpha')
    t.same(seen.filesOf('alpha'), kept ? ['alpha.db', 'alpha.db-shm', 'alpha.db-wal'] : [], kept ? 'its files are untouched' : 'no file of it is left')
    if (kept) t.equal(rowCount(join(dir, 'alpha.db'), 't'), alphaRows, 'every row is there')
    t.equal(seen.keyDatabase, kept ? 'alpha' : undefined, kept ? 'its key works' : 'its key is gone')
    return kept ? 'old' : 'new'
  })
})

t.test('the server itself settles an interrupted rename when it starts', async (t) => {
  const dir = join(root, 'server-boot')
  cpSync(template, dir, { recursive: true })
  // step 3 is the second file move: the -wal has moved to beta, the main file is still alpha's
  t.equal(await interrupt(dir, 'rename', 3), 'killed', 'the rename was killed half way')
  t.ok(existsSync(join(dir, 'beta.db-wal')) && existsSync(join(dir, 'alpha.db')), 'the files were split between both names')
  const { app } = await build(t, {}, dir)
  t.equal(app.databases.recovered.length, 1, 'start-up settled the plan')
  const admin = as(app, await signIn(app))
  const res = await admin({ method: 'POST', url: '/api/databases/alpha/query', payload: { sql: 'SELECT count(*) AS n FROM t' } })
  t.equal(res.statusCode, 200, res.body)
  t.same(res.json().data, [{ n: alphaRows }], 'the database answers under its old name with every row')
  t.notOk(existsSync(join(dir, 'beta.db-wal')), 'nothing is left under the new name')
})
