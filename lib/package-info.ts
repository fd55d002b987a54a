import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The project root: the nearest folder above this file with package.json (works from source and dist). */
export const projectRoot = ((): string => {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir)
  return dir
})()

export const packageInfo = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name: string, version: string, description: string, license: string }
