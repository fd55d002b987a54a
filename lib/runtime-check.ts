/** The oldest Node that runs Litehouse: better-sqlite3 13 needs Node-API 10, first in 22.14. */
export const requiredNode = '22.14.0'

function parts (version: string): number[] {
  return version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10) || 0)
}

/** Whether `version` (as `process.versions.node`) is at least `minimum`. */
export function atLeast (version: string, minimum = requiredNode): boolean {
  const have = parts(version)
  const need = parts(minimum)
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) !== need[i]) return (have[i] ?? 0) > need[i]
  }
  return true
}

/** One line naming the required version, or undefined when `version` is supported. */
export function unsupportedNodeMessage (version: string): string | undefined {
  if (atLeast(version)) return undefined
  return `Litehouse needs Node ${requiredNode} or newer (22 LTS or 24 LTS); this is Node ${version}. ` +
    'Run it through npm (npm start, npm test), which uses the Node 24 that npm ci installs, or install Node 22.14+.'
}
