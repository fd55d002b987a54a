// A problem the replicator reports in its log (a sync error, as on a full disk) makes backups "failing" until it
// uploads that database again: then the problem is over, without a restart. Driven by a stand-in replicator
// script whose output the test controls.
import t from 'tap'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSupervisor } from '../../../lib/backup/supervisor.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

t.test('a reported sync error fails backups until the next upload of that database', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'litehouse-supervisor-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const system = join(dir, '_system.db')
  const go = join(dir, 'go')
  const bin = join(dir, 'fake-litestream')
  writeFileSync(bin, `#!/bin/sh
echo 'time=2026-11-26T14:00:00Z level=ERROR msg="sync error" db=${system} error="write ${system}-wal: no space left on device"'
while [ ! -e ${go} ]; do sleep 0.05; done
echo 'time=2026-11-26T14:00:01Z level=INFO msg="write wal segment" db=${system} replica=file position=1/00000000:0'
echo 'time=2026-11-26T14:00:01Z level=INFO msg="wal segment written" db=${system} replica=file position=1/00000000:0 sz=4120'
exec sleep 3600
`)
  chmodSync(bin, 0o755)
  const quiet = () => {}
  const supervisor = createSupervisor({
    config: { url: `file://${join(dir, 'replica')}`, syncMs: 100, idleMs: 60_000, retention: '1h' },
    bin,
    binaryProblem: undefined,
    dataDir: dir,
    fileOf: () => undefined,
    logger: { info: quiet, warn: quiet, error: quiet }
  })
  t.teardown(() => supervisor.close())

  const until = async (what: string, ok: () => boolean) => {
    for (const deadline = Date.now() + 20_000; !ok(); await sleep(20)) if (Date.now() > deadline) throw new Error(`never: ${what}`)
  }
  await until('the reported error shows', () => supervisor.status().status === 'failing')
  t.match(supervisor.status(), { status: 'failing', message: /reported: sync error/ }, 'the replicator\'s own message')
  writeFileSync(go, '')
  await until('the upload clears it', () => supervisor.status().status === 'ok')
  t.match(supervisor.status(), { status: 'ok', restarts: 0 }, 'ok again, without a restart')
})
