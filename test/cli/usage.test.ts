// Every command with a missing or wrong argument prints its usage and exits 2 without touching the data directory;
// --help prints the usage and exits 0. The cases run lib/cli/main in this process (litehouseHere); a few spawn the
// real bin to prove it exits with the code `run` returns (0 help, 2 usage).
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { tempDir } from '../helper.js'
import { fingerprint, litehouse, litehouseHere } from './run.js'

t.setTimeout(1_200_000)

const dataDir = tempDir(t, 'litehouse-cli-usage-')
// a real data directory with an admin and a database, made by the CLI itself
t.before(async () => {
  for (const args of [['admin', 'create', '--email', 'admin@example.com'], ['db', 'create', 'notes']]) {
    const ran = await litehouseHere([...args, '--data-dir', dataDir], { LITEHOUSE_ADMIN_PASSWORD: 'correct horse battery' })
    if (ran.code !== 0) throw new Error(`${args.join(' ')} failed: ${ran.stderr}`)
  }
})

// [arguments, the usage that must be printed, what the error says]
const cases: Array<[string[], string, RegExp]> = [
  [['db', 'create'], 'db create', /missing <name>/],
  [['db', 'create', 'Bad Name!'], 'db create', /<name>: .*lowercase letters, digits/],
  [['db', 'create', 'a', 'b'], 'db create', /unexpected argument 'b'/],
  [['db', 'create', 'a', '--colour', 'red'], 'db create', /Unknown option '--colour'/],
  [['key', 'create', 'notes'], 'key create', /missing --scope read\|write/],
  [['key', 'create', 'notes', '--scope', 'admin'], 'key create', /--scope must be read or write/],
  [['key', 'create', '--scope', 'read'], 'key create', /missing <db>/],
  [['key', 'create', 'notes', '--scope', 'read', '--label', ''], 'key create', /--label/],
  [['admin', 'create', '--email', 'second@example.com'], 'admin create', /missing --password/],
  [['admin', 'create', '--email', 'not-an-email', '--password', 'long enough'], 'admin create', /--email.*email/],
  [['admin', 'create', '--email', 'second@example.com', '--password', 'short'], 'admin create', /--password/],
  [['types'], 'types', /missing <db>/],
  [['types', 'notes', '--url', 'localhost:3000'], 'types', /--url must be an http:\/\/ or https:\/\/ address/],
  [['backup'], 'backup', /missing <db>/],
  [['restore', 'notes', '--at', 'yesterday'], 'restore', /--at.*date-time/],
  [['restore', 'notes', '--target', 'No Good'], 'restore', /--target/],
  [['restore', 'notes', '--deleted'], 'restore', /--deleted needs --target NAME/],
  [['restore', 'notes', '--deleted-at', '2026-11-26T14:00:00Z'], 'restore', /--deleted-at needs --deleted/],
  [['serve', '--port'], 'serve', /--port/],
  [['openapi', 'extra'], 'openapi', /unexpected argument 'extra'/]
]

t.test('a missing or wrong argument: usage on stderr, exit 2, the data directory untouched', async (t) => {
  const before = fingerprint(dataDir)
  for (const [args, words, error] of cases) {
    const ran = await litehouseHere(words === 'openapi' ? args : [...args, '--data-dir', dataDir])
    t.equal(ran.code, 2, `${args.join(' ')}: exit 2 (${ran.stderr})`)
    t.match(ran.stderr, error, `${args.join(' ')}: says what is wrong`)
    t.match(ran.stderr, `Usage: litehouse ${words}`, `${args.join(' ')}: prints the usage`)
    t.equal(ran.stdout, '', `${args.join(' ')}: nothing on stdout`)
  }
  t.strictSame(fingerprint(dataDir), before, 'no file in the data directory changed')
})

t.test('a usage error never creates a data directory (the real bin exits 2)', async (t) => {
  const absent = join(tempDir(t, 'litehouse-cli-absent-'), 'data')
  const ran = await litehouse(['admin', 'create', '--email', 'x', '--password', 'long enough', '--data-dir', absent])
  t.equal(ran.code, 2, ran.stderr)
  t.notOk(existsSync(absent), 'the directory was not created')
})

t.test('no command, or an unknown one: the list of commands, exit 2', async (t) => {
  for (const [args, how] of [[[], litehouseHere], [['frobnicate'], litehouse], [['db', 'drop', 'notes'], litehouseHere]] as const) {
    const ran = await how([...args])
    t.equal(ran.code, 2, args.join(' '))
    t.match(ran.stderr, /Usage: litehouse <command>/)
    t.match(ran.stderr, /key create/)
  }
})

t.test('--help everywhere: the usage on stdout, exit 0, nothing done', async (t) => {
  const general = await litehouse(['--help'])
  t.equal(general.code, 0, 'the real bin exits 0')
  t.match(general.stdout, /Exit codes: 0 ok, 1 failure, 2 usage/)
  const before = fingerprint(dataDir)
  const everyCommand = ['serve', 'admin create', 'db create', 'key create', 'openapi', 'types', 'backup', 'restore']
  for (const words of everyCommand) {
    const ran = await litehouseHere([...words.split(' '), '--help', '--data-dir', dataDir])
    t.equal(ran.code, 0, `${words} --help`)
    t.match(ran.stdout, `Usage: litehouse ${words}`)
  }
  t.strictSame(fingerprint(dataDir), before, 'no file in the data directory changed')
})
