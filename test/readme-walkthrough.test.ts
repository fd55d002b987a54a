// The README's walkthrough cannot rot: every block fenced as ```sh runnable is run, in order, in one shell
// against a fresh server on a real port (`localhost:3000` in the text becomes its address), and what each
// prints is compared with the ```json or ```text block that follows it: JSON by shape (the same members
// with the same types; ids, times and tokens differ), text exactly. A block whose answer changes shape fails.
import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build, tempDir } from './helper.js'
import { projectRoot } from '../lib/package-info.js'

interface Step { command: string, answer: { kind: 'json' | 'text', body: string }, line: number }

/** The runnable blocks of a markdown text, each with the answer block that follows it. */
export function walkthrough (markdown: string): Step[] {
  const steps: Step[] = []
  const lines = markdown.split('\n')
  let pending: { command: string, line: number } | undefined
  for (let i = 0; i < lines.length; i++) {
    const fence = /^```(\S*)\s*(\S*)/.exec(lines[i])
    if (!fence) continue
    const start = i
    const body: string[] = []
    while (++i < lines.length && !lines[i].startsWith('```')) body.push(lines[i])
    const [, lang, mark] = fence
    if (lang === 'sh' && mark === 'runnable') {
      if (pending) throw new Error(`README line ${pending.line}: a runnable block needs an answer block (json or text) after it`)
      pending = { command: body.join('\n'), line: start + 1 }
    } else if (pending && (lang === 'json' || lang === 'text')) {
      steps.push({ ...pending, answer: { kind: lang, body: body.join('\n') } })
      pending = undefined
    }
  }
  if (pending) throw new Error(`README line ${pending.line}: a runnable block needs an answer block after it`)
  return steps
}

/** Where `actual` differs in shape from `documented`: member names, JSON types, arrays element by element. */
export function shapeDifferences (documented: unknown, actual: unknown, path = '$'): string[] {
  if (documented === null || actual === null) return [] // a value that may be null: either side fits
  const type = (v: unknown): string => Array.isArray(v) ? 'array' : typeof v
  if (type(documented) !== type(actual)) return [`${path}: ${type(actual)} where the README shows ${type(documented)}`]
  if (Array.isArray(documented)) {
    const items = actual as unknown[]
    if (documented.length > 0 && items.length === 0) return [`${path}: empty where the README shows items`]
    // the README may show fewer items than come back: each one is compared with the first shown
    return documented.length === 0 ? [] : items.flatMap((item, i) => shapeDifferences(documented[Math.min(i, documented.length - 1)], item, `${path}[${i}]`))
  }
  if (type(documented) !== 'object') return []
  const a = documented as Record<string, unknown>
  const b = actual as Record<string, unknown>
  const missing = Object.keys(a).filter((k) => !(k in b)).map((k) => `${path}.${k}: missing`)
  const extra = Object.keys(b).filter((k) => !(k in a)).map((k) => `${path}.${k}: not in the README`)
  return [...missing, ...extra, ...Object.keys(a).filter((k) => k in b).flatMap((k) => shapeDifferences(a[k], b[k], `${path}.${k}`))]
}

const missingTools = ['sh', 'curl', 'jq'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0)

t.test('the README walkthrough runs as written, and every answer has the shape it shows', { skip: missingTools.length > 0 && `needs ${missingTools.join(', ')} on PATH` }, async (t) => {
  const steps = walkthrough(readFileSync(join(projectRoot, 'README.md'), 'utf8'))
  t.ok(steps.length >= 10, `${steps.length} runnable blocks`)
  // a fresh server on a real port; analytics flushed quickly so the analytics step sees the walkthrough's queries
  const { app } = await build(t, { ANALYTICS_FLUSH_MS: '100', ANALYTICS: 'on' })
  const address = await app.listen({ host: '127.0.0.1', port: 0 })
  const marker = (i: number): string => `@@walkthrough-step-${i}@@`
  const script = steps.map((step, i) => `printf '\\n%s\\n' '${marker(i)}'\n${step.command.replaceAll('http://localhost:3000', address).replaceAll('localhost:3000', address)}`).join('\n')
  const cwd = tempDir(t, 'litehouse-walkthrough-')
  const run = await new Promise<{ stdout: string, stderr: string, status: number | null }>((resolve) => {
    // asynchronous: the server answering the script lives in this process
    const child = spawn('sh', ['-c', script], { cwd })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString() })
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString() })
    child.on('close', (status) => resolve({ stdout, stderr, status }))
  })
  t.equal(run.status, 0, `the walkthrough exits 0${run.stderr ? `; stderr: ${run.stderr}` : ''}`)
  steps.forEach((step, i) => {
    const from = run.stdout.indexOf(marker(i))
    const to = i + 1 < steps.length ? run.stdout.indexOf(marker(i + 1)) : run.stdout.length
    const printed = from < 0 ? '' : run.stdout.slice(from + marker(i).length, to).trim()
    const what = `README line ${step.line}: ${step.command.split('\n')[0].slice(0, 80)}`
    if (step.answer.kind === 'text') return t.equal(printed, step.answer.body.trim(), what)
    let actual: unknown
    try {
      actual = JSON.parse(printed)
    } catch {
      return t.fail(`${what}: printed no JSON: ${printed.slice(0, 300)}`)
    }
    t.strictSame(shapeDifferences(JSON.parse(step.answer.body), actual), [], what)
  })
})

t.test('the shape comparison sees a changed answer', async (t) => {
  t.strictSame(shapeDifferences({ data: { id: 1, name: 'a' } }, { data: { id: 7, name: 'b' } }), [])
  t.strictSame(shapeDifferences({ data: [{ id: 1 }] }, { data: [{ id: 1 }, { id: 2 }] }), [], 'more items than shown')
  t.strictSame(shapeDifferences({ data: { tags: 'a' } }, { data: { tags: ['a'] } }), ['$.data.tags: array where the README shows string'])
  t.strictSame(shapeDifferences({ data: { a: 1 } }, { data: { b: 1 } }), ['$.data.a: missing', '$.data.b: not in the README'])
  t.strictSame(shapeDifferences({ data: [{ id: 1 }] }, { data: [] }), ['$.data: empty where the README shows items'])
  t.throws(() => walkthrough('```sh runnable\necho hi\n```\n'), /needs an answer block/)
  t.strictSame(walkthrough('```sh runnable\necho hi\n```\n\n```text\nhi\n```\n').map((s) => s.answer), [{ kind: 'text', body: 'hi' }])
})
