import path from 'node:path'

/** True when `file` (absolute) lies strictly inside `dir`; `..` segments are resolved first. */
export function isInside (dir: string, file: string): boolean {
  if (!path.isAbsolute(file)) return false
  const relative = path.relative(path.resolve(dir), path.resolve(file))
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

/** Removes the data directory from a message, so no server path reaches a client. */
export function hideDataDir (message: string, dataDir: string): string {
  const dir = path.resolve(dataDir)
  return message.split(dir + path.sep).join('').split(dir).join('.')
}
