// Imported first by app.ts and the start script: on a Node older than better-sqlite3 13's Node-API 10 the
// native module crashes the process (a segfault, no message), so say what is needed before anything loads it.
import { requiredNode, unsupportedNodeMessage } from './runtime-check.js'

const message = unsupportedNodeMessage(process.versions.node)
if (message !== undefined) {
  console.error(message)
  process.exit(1)
}

export { requiredNode }
