import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import t from 'tap'
import { removeTempFiles } from '../../../lib/databases/files.js'

function scratch (t: { teardown: (fn: () => void) => void }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'litehouse-temp-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

t.test('removeTempFiles removes an export copy and its side files', async (t) => {
  const file = path.join(scratch(t), 'copy.db')
  for (const suffix of ['', '-wal', '-shm']) fs.writeFileSync(file + suffix, 'x')
  t.equal(removeTempFiles(file), true)
  t.same(['', '-wal', '-shm'].filter((suffix) => fs.existsSync(file + suffix)), [])
  t.equal(removeTempFiles(file), true, 'a file already gone is fine')
})

// Regression: a download's cleanup ran in a 'close' handler and threw EROFS once the disk had turned read-only,
// which ended the whole server (test/e2e/storage.test.ts caught it when the download closed after the remount).
t.test('removeTempFiles never throws when the file system refuses the unlink: it says so', async (t) => {
  const notADirectory = path.join(scratch(t), 'plain-file')
  fs.writeFileSync(notADirectory, 'x')
  const file = path.join(notADirectory, 'copy.db') // unlink fails with ENOTDIR, as it fails with EROFS on a read-only disk
  t.throws(() => fs.rmSync(file, { force: true }), { code: 'ENOTDIR' }, '(the unlink itself fails)')
  t.equal(removeTempFiles(file), false)
})
