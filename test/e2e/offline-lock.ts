// A package-lock.json for an app that depends on the packed litehouse tarball, cut from the project's own lock: the
// same versions in the same layout, so `npm ci --offline` installs it from the npm cache the project's install filled
// (the cache holds those tarballs, not always the registry documents a lock-less install would have to look up).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

interface Entry {
  version?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  [field: string]: unknown
}

interface Manifest { name: string, dependencies: Record<string, string>, devDependencies?: Record<string, string> }

/**
 * The project's lock omits registry URLs (`omit-lockfile-registry-resolved`), and without one npm asks the registry
 * where a tarball is: written out, the tarball comes from the cache by its integrity alone.
 */
function registryTarball (name: string, version: string): string {
  return `https://registry.npmjs.org/${name}/-/${name.split('/').pop() as string}-${version}.tgz`
}

/**
 * `app`: the app's package.json, whose `litehouse` dependency is `tarballSpec` (`file:../litehouse-1.0.0.tgz`);
 * `integrity`: the tarball's, as `npm pack --json` reports it.
 */
export function offlineLock (projectRoot: string, app: Manifest, tarballSpec: string, integrity: string): object {
  const project = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as Entry
  const all = (JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, Entry> }).packages
  const kept: Record<string, Entry> = {}

  // Node's lookup: the package's own node_modules, then each enclosing one up to the root's
  function locate (from: string, name: string): string | undefined {
    for (let base = from; ; base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '') {
      const path = `${base === '' ? '' : base + '/'}node_modules/${name}`
      if (all[path] !== undefined) return path
      if (base === '') return undefined
    }
  }
  function requiredBy (entry: Entry): string[] {
    const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => entry.peerDependenciesMeta?.[name]?.optional !== true)
    return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers]
  }
  function keep (from: string, name: string): void {
    const path = locate(from, name)
    if (path === undefined || kept[path] !== undefined) return
    const { dev, devOptional, ...entry } = all[path] // eslint-disable-line @typescript-eslint/no-unused-vars
    kept[path] = { resolved: registryTarball(typeof entry.name === 'string' ? entry.name : name, entry.version as string), ...entry }
    for (const dependency of requiredBy(entry)) keep(path, dependency)
  }

  const litehouse: Entry = {
    version: project.version,
    resolved: tarballSpec,
    integrity,
    license: project.license,
    dependencies: project.dependencies,
    optionalDependencies: project.optionalDependencies,
    engines: project.engines
  }
  for (const name of requiredBy(litehouse)) keep('node_modules/litehouse', name)
  for (const name of [...Object.keys(app.dependencies), ...Object.keys(app.devDependencies ?? {})]) {
    if (name !== 'litehouse') keep('', name)
  }
  return {
    name: app.name,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: app.name, dependencies: app.dependencies, devDependencies: app.devDependencies },
      'node_modules/litehouse': litehouse,
      ...kept
    }
  }
}
