// The ways a process manager runs Litehouse: `npm start` (Docker's CMD ["npm","start"], a systemd unit) and
// `node scripts/start.mjs`. A SIGTERM or SIGINT to the outer PID must close the server gracefully: the
// outer process exits 0, the port closes and no process of the tree is left running. Before, npm's
// `sh -c` swallowed the signal and left the start script and the server running, orphaned.
// Also: `npm start` listens on HOST. The first start builds dist/ when it is stale, hence the long timeouts.
import t from 'tap'
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import net from 'node:net'
import { dirname, join } from 'node:path'
import { tempDir } from '../helper.js'

const projectRoot = join(import.meta.dirname, '..', '..')
t.setTimeout(600_000)

/** Every live process below `pid`, from /proc (zombies left out: they run nothing). */
function descendants (pid: number): number[] {
  const children = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (state === 'Z') continue
      children.set(Number(ppid), [...(children.get(Number(ppid)) ?? []), Number(entry)])
    } catch { /* the process ended while we looked */ }
  }
  const out: number[] = []
  const queue = [pid]
  while (queue.length > 0) for (const child of children.get(queue.shift()!) ?? []) { out.push(child); queue.push(child) }
  return out
}

function running (pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z'
  } catch {
    return false
  }
}

function connects (host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host)
    socket.once('connect', () => { socket.destroy(); resolve(true) })
    socket.once('error', () => resolve(false))
  })
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

interface Case { what: string, command: string, args: string[], signal: NodeJS.Signals, host: string, group?: boolean }

const cases: Case[] = [
  { what: 'npm start, SIGTERM to npm', command: 'npm', args: ['start'], signal: 'SIGTERM', host: '127.0.0.1' },
  // HOST is honoured: another loopback address, so the default 127.0.0.1 stays closed
  { what: 'npm start, SIGINT to npm, HOST=127.0.0.2', command: 'npm', args: ['start'], signal: 'SIGINT', host: '127.0.0.2' },
  { what: 'node scripts/start.mjs, SIGTERM', command: process.execPath, args: [join('scripts', 'start.mjs')], signal: 'SIGTERM', host: '127.0.0.1' },
  // a terminal's Ctrl-C: SIGINT to every process of the group, npm's forwarded copy included, engine workers too
  { what: 'npm start, Ctrl-C (SIGINT to the whole process group)', command: 'npm', args: ['start'], signal: 'SIGINT', host: '127.0.0.1', group: true }
]

for (const { what, command, args, signal, host, group } of cases) {
  t.test(what, async (t) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      // npm's `#!/usr/bin/env node` must find this Node (the pinned one), as `npm run` arranges
      env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH}`, HOST: host, PORT: '0', DATA_DIR: join(tempDir(t), 'data'), LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: group === true // its own process group, as a terminal's foreground job
    })
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => { output += chunk.toString() })
    child.stderr!.on('data', (chunk: Buffer) => { output += chunk.toString() })
    const exited = new Promise<{ code: number | null, signal: string | null }>((resolve) => child.once('exit', (code, sig) => resolve({ code, signal: sig })))
    t.teardown(() => { for (const pid of [child.pid!, ...descendants(child.pid!)]) if (running(pid)) process.kill(pid, 'SIGKILL') })

    let address: URL | undefined
    for (const start = Date.now(); !address && Date.now() - start < 400_000; await sleep(200)) {
      const found = /Server listening at (http:\/\/[^"\s]+)/.exec(output)
      if (found) address = new URL(found[1])
      if (child.exitCode !== null) break
    }
    if (!address) return t.fail(`the server did not start:\n${output}`)
    t.equal(address.hostname, host, 'listens on HOST')
    const port = Number(address.port)
    t.ok(await connects(host, port), 'accepts connections')
    if (host !== '127.0.0.1') t.notOk(await connects('127.0.0.1', port), 'and nowhere else')
    const tree = descendants(child.pid!)
    t.ok(tree.length >= 1, `the server runs below the outer PID (${tree.length} processes)`)

    process.kill(group ? -child.pid! : child.pid!, signal)
    let timer: NodeJS.Timeout | undefined
    // cleared once decided: a pending 60 s timer kept the test file alive for a minute after its last case
    const timeout = new Promise<string>((resolve) => { timer = setTimeout(() => resolve('still running after 60 s'), 60_000) })
    const outcome = await Promise.race([exited, timeout])
    clearTimeout(timer)
    t.strictSame(outcome, { code: 0, signal: null }, 'the outer process exits 0')
    t.notOk(await connects(host, port), 'the port is closed')
    for (let i = 0; i < 50 && tree.some(running); i++) await sleep(100)
    t.strictSame(tree.filter(running), [], 'no process of the tree is left')
    t.match(output, `"reason":"${signal}"`, 'the server closed because of the signal')
    t.notMatch(output, /grace period ran out|closing failed|second SIG/, 'within the grace period')
    t.notMatch(output, /stopped unexpectedly/, 'no engine worker was killed by the signal')
  })
}
