// The noisy tenant of `bench/flood.ts`, in a process of its own: its loops receive 27 MB bodies, which would stall the
// event loop that autocannon times the quiet tenant's requests on, and charge the client's stalls to the server.
// Started by fork with the flood's name, the server's URL, the key and the number of loops; floods until the parent
// sends 'stop', then sends back the answers' status counts and exits.

/** A distinct statement whose compiled form is large: a chain of non-materialised views, each doubling the last. */
function heavyStatement (n: number): string {
  const views = ['v0(x) AS NOT MATERIALIZED (SELECT 1)']
  for (let i = 1; i <= 7; i++) views.push(`v${i} AS NOT MATERIALIZED (SELECT * FROM v${i - 1} UNION ALL SELECT * FROM v${i - 1})`)
  return `WITH ${views.join(', ')} SELECT count(*), ${n} FROM v7`
}

const [phase, url, key, loopsText] = process.argv.slice(2)
const loops = Number(loopsText)
let stop = false
let counter = 0
const statuses: Record<number, number> = {}

const floods: Record<string, (n: number) => Promise<Response>> = {
  'distinct heavy statements': async (n) => await fetch(`${url}/api/databases/noisy/query`, {
    method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify({ sql: heavyStatement(n) })
  }),
  'reads of a 20 MB record': async () => await fetch(`${url}/api/databases/noisy/tables/big/records/1`, { headers: { authorization: `Bearer ${key}` } })
}
const flood = floods[phase]
if (flood === undefined) throw new Error(`unknown flood ${phase}`)

process.on('message', () => { stop = true })
await Promise.all(Array.from({ length: loops }, async () => {
  while (!stop) {
    const status = await flood(counter++).then(async (res) => { await res.arrayBuffer(); return res.status }).catch(() => 0)
    statuses[status] = (statuses[status] ?? 0) + 1
  }
}))
process.send?.(statuses, () => process.exit(0))
