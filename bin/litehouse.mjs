#!/usr/bin/env node
// `litehouse …` / `npx litehouse …`: the CLI of lib/cli/main. In a git checkout it runs the TypeScript sources
// through tsx; in an installed package (no sources, no tsx) the compiled dist/lib/cli/main.js. A Node too old for
// better-sqlite3 13 hands over to the project's pinned Node when there is one (the `node` devDependency).
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { enableCompileCache } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const pinned = join(root, 'node_modules', 'node', 'bin', 'node')
const [major, minor] = process.versions.node.split('.').map(Number)
const tooOld = major < 22 || (major === 22 && minor < 14)

if (tooOld && existsSync(pinned)) {
  const child = spawn(pinned, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
} else {
  enableCompileCache?.() // as scripts/start.mjs: a later start loads the modules' compiled code from disk
  const source = join(root, 'lib', 'cli', 'main.ts')
  let main
  if (existsSync(source) && existsSync(join(root, 'node_modules', 'tsx'))) {
    const { register } = await import('tsx/esm/api')
    register()
    main = await import(pathToFileURL(source).href)
  } else {
    main = await import(pathToFileURL(join(root, 'dist', 'lib', 'cli', 'main.js')).href)
  }
  const code = await main.run(process.argv.slice(2))
  // `serve` keeps the process up until a signal closes the server; everything else has written its answer and stops
  if (code !== 'serving') process.exit(code)
}
