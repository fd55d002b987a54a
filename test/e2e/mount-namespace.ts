// A private mount namespace for tests that mount file systems (a tmpfs to fill up, an ext4 image): nothing is
// mounted on the host, and every mount vanishes with the namespace. Uses `unshare`, plus a user namespace when
// not root.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readlinkSync, writeSync } from 'node:fs'

const root = process.getuid?.() === 0

export interface Namespace {
  /** Command prefix that runs a command inside the namespace. */
  enter: string[]
  /** Runs a command inside the namespace and returns its output; throws when it fails. */
  run: (...command: string[]) => string
  /** The path by which this process reaches `path` as the namespace sees it (not for SQLite: it resolves the link). */
  inside: (path: string) => string
}

/** A private mount namespace held open by a sleeping process, or the reason there cannot be one here. */
export async function privateMountNamespace (t: { teardown: (fn: () => void) => void }): Promise<Namespace | string> {
  const flags = [...(root ? [] : ['--user', '--map-root-user']), '--mount', '--propagation', 'private']
  const holder: ChildProcess = spawn('unshare', [...flags, 'sleep', '3600'], { stdio: 'ignore' })
  const failure = await new Promise<string | undefined>((resolve) => {
    const ownNamespace = readlinkSync('/proc/self/ns/mnt')
    const poll = setInterval(() => {
      try {
        if (readlinkSync(`/proc/${holder.pid}/ns/mnt`) !== ownNamespace) { clearInterval(poll); resolve(undefined) }
      } catch { /* not started yet */ }
    }, 10)
    holder.once('error', (err) => { clearInterval(poll); resolve(`unshare is not available: ${err.message}`) })
    holder.once('exit', (code) => { clearInterval(poll); resolve(`unshare ${flags.join(' ')} is not permitted (exit ${code})`) })
  })
  if (failure !== undefined) return failure
  t.teardown(() => { holder.kill('SIGKILL') })
  const enter = ['nsenter', '-t', String(holder.pid), ...(root ? [] : ['-U', '--preserve-credentials']), '-m', '--']
  const namespace: Namespace = {
    enter,
    run (...command) {
      const result = spawnSync(enter[0], [...enter.slice(1), ...command], { encoding: 'utf8' })
      if (result.status !== 0) throw new Error(`${command.join(' ')}: ${result.error?.message ?? result.stderr.trim()}`)
      return result.stdout
    },
    inside: (path) => `/proc/${holder.pid}/root${path}`
  }
  try {
    namespace.run('true')
  } catch (err) {
    return `nsenter cannot enter the namespace: ${(err as Error).message}`
  }
  return namespace
}

/** Writes zeros into `file` until the file system refuses; returns the bytes written. */
export function fillUp (file: string): number {
  const fd = openSync(file, 'w')
  let written = 0
  try {
    for (const size of [1024 * 1024, 64 * 1024, 4096, 512]) {
      const chunk = Buffer.alloc(size)
      for (;;) {
        try {
          written += writeSync(fd, chunk)
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
          break
        }
      }
    }
  } finally {
    closeSync(fd)
  }
  return written
}
