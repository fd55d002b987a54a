import { writeFileSync } from 'node:fs'

/** Writes to stdout and waits until it is handed to the OS, so exiting right after loses nothing of a piped answer. */
export async function print (text: string): Promise<void> {
  await new Promise<void>((resolve, reject) => process.stdout.write(text.endsWith('\n') ? text : text + '\n', (err) => err ? reject(err) : resolve()))
}

export async function printJson (value: unknown): Promise<void> {
  await print(JSON.stringify(value, null, 2))
}

/** A generated document to `--out FILE` (with a line on stderr saying so), or to stdout without one. */
export async function emit (out: string | undefined, text: string): Promise<void> {
  if (out === undefined) return await print(text)
  writeFileSync(out, text.endsWith('\n') ? text : text + '\n')
  process.stderr.write(`wrote ${out}\n`)
}
