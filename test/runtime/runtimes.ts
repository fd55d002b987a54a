// Other Node runtimes for the runtime tests, from the npm registry (the same packages the `node` devDependency
// installs for its own version), kept under node_modules/.cache so a second run needs no download.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toolEnv } from '../tool-env.js'

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url))

/** The Node 22 LTS the smoke test runs on: the newest 22 in the registry on 2026-11-25. */
export const node22 = '22.23.3'
/** The system Node of this project's machines before the move (end of life): to prove the refusal. */
export const node20 = '20.19.5'

/** The path of a Node binary of `version` for this platform, installed from the registry if not yet cached. */
export function runtime (version: string): string {
  const pkg = `node-${process.platform}-${process.arch}`
  const prefix = join(projectRoot, 'node_modules', '.cache', 'litehouse-runtimes', version)
  const binary = join(prefix, 'node_modules', pkg, 'bin', 'node')
  if (existsSync(binary)) return binary
  mkdirSync(prefix, { recursive: true })
  // the package is the binary itself: no install script to run
  const install = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--ignore-scripts',
    '--no-audit', '--no-fund', `${pkg}@${version}`], { encoding: 'utf8', env: toolEnv(), timeout: 300_000 })
  if (install.status !== 0 || !existsSync(binary)) {
    throw new Error(`could not install ${pkg}@${version} from the npm registry: ${install.stderr || install.error?.message}`)
  }
  return binary
}
