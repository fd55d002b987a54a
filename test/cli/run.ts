// Runs the real `litehouse` bin (bin/litehouse.mjs) as a child process, the way a user's shell would.
import { execFile } from 'node:child_process'
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export const projectRoot = join(import.meta.dirname, '..', '..')
export const bin = join(projectRoot, 'bin', 'litehouse.mjs')

export interface Ran { code: number | null, stdout: string, stderr: string }

/** The environment of a child: none of the caller's Litehouse settings leak in; one engine worker on a loaded machine. */
export function childEnv (env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env, ENGINE_WORKERS: '1', LOG_LEVEL: 'silent' }
  for (const name of ['DATA_DIR', 'PORT', 'HOST', 'BACKUP_URL', 'LITEHOUSE_URL', 'LITEHOUSE_TOKEN', 'LITEHOUSE_ADMIN_PASSWORD', 'LITEHOUSE_BOOTSTRAP_KEY', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete base[name]
  return { ...base, ...env }
}

/** `litehouse ...args`; never spawnSync: the server a command talks to may run in the test's own process. */
export function litehouse (args: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { env: childEnv(env), timeout: 120_000 }, (err, stdout, stderr) => {
      const code = err === null ? 0 : typeof err.code === 'number' ? err.code : null
      resolve({ code, stdout, stderr })
    })
  })
}

/** Every file under `dir` with its size and modification time: equal before and after means nothing was touched. */
export function fingerprint (dir: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true })) {
    const stat = statSync(join(dir, String(entry)))
    files[String(entry)] = `${stat.size}:${stat.mtimeMs}`
  }
  return files
}
