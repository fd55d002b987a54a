import { PassThrough } from 'node:stream'
import { ChangesExpired, DatabaseNotFound, InvalidValue, TooManySubscribers } from '../errors.js'
import type { Engine, EngineLogger } from '../engine/index.js'
import type { ChangeRow, ChangesRead } from '../engine/jobs/changes.js'

/**
 * The subscriber side of the change feed (@see docs/changes.md). One feed per database with subscribers polls the
 * change table by seq from the main process (an indexed range read the inline lane runs in microseconds) and fans
 * each change out to its subscribers. A subscriber resuming from an older seq first catches up with reads of its own,
 * then joins the live fan-out; a change goes to a subscriber only when its seq is above the subscriber's cursor, which
 * makes delivery exactly-once across the hand-over.
 */

export interface HubOptions {
  engine: Engine
  log: EngineLogger
  retentionHours: number
  retentionCount: number
  /** Bytes a subscriber may have queued and unsent before it is cut with `event: overflow`. */
  bufferBytes: number
  /** Open streams one database may have: each holds a socket and up to `bufferBytes` (default 1000). */
  maxSubscribers?: number
  /** Whether the database still has the id and name a subscriber subscribed with. */
  nameOf: (databaseId: string) => string | undefined
  /** How often a feed that saw a write lately polls. */
  pollMs?: number
  /**
   * How often an idle feed polls. Every write through the server wakes its feed at once (@see wake), so the timer is
   * only for writes made outside it (`sqlite3` on the file): a thousand idle feeds must not cost 20,000 reads a second.
   */
  idlePollMs?: number
  keepAliveMs?: number
}

export interface SubscribeOptions {
  databaseId: string
  databaseName: string
  /** Table names as the client gave them; each must be a user table. */
  tables: string[] | undefined
  /** Resume point: changes with a larger seq are sent. Undefined: only changes after now. */
  since: string | undefined
  /** Re-checked every second: false ends the stream (a revoked key, an expired session). */
  stillAllowed: () => boolean
}

interface Subscriber {
  databaseName: string
  tables: Set<string> | undefined
  cursor: number
  live: boolean
  out: PassThrough
  lastWrite: number
  stillAllowed: () => boolean
}

interface Feed {
  databaseId: string
  subscribers: Set<Subscriber>
  /** The highest seq the feed has read and fanned out. */
  lastSeq: number
  schemaVersion: number
  tables: string[]
  /** Pending install (first subscription, or a schema change seen by a poll). */
  installing: Promise<void> | undefined
  polling: boolean
  /** A wake came while a poll ran: poll once more after it, or a change committed meanwhile would wait for the timer. */
  pollAgain: boolean
  /** When the feed last saw a write (a wake, or changes read): it polls every pollMs for activeMs after. */
  lastActive: number
  lastPoll: number
  lastPrune: number
}

const pageSize = 500
const pruneEveryMs = 5000
const activeMs = 2000
const seqPattern = /^(0|[1-9]\d{0,15})$/

/** Lets sockets drain between pages: a burst of changes is not fanned out in one turn of the event loop. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

const frame = (event: string | undefined, data: unknown, id?: number): string =>
  `${id === undefined ? '' : `id: ${id}\n`}${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`

export function createChangeHub (options: HubOptions) {
  const { engine, log } = options
  const pollMs = options.pollMs ?? 50
  const idlePollMs = options.idlePollMs ?? 1000
  const maxSubscribers = options.maxSubscribers ?? 1000
  const keepAliveMs = options.keepAliveMs ?? 15000
  const feeds = new Map<string, Feed>()

  /** A read of the change table: inline on the main thread when the lane takes it, else in a worker. */
  async function read (databaseId: string, after: number): Promise<ChangesRead> {
    const args = { after, limit: pageSize }
    const now = engine.timedNow(databaseId, 'changes.read', args)
    return (now ?? await engine.timed(databaseId, 'changes.read', args)).result as ChangesRead
  }

  async function install (feed: Feed): Promise<void> {
    const result = await engine.run(feed.databaseId, 'changes.install', {})
    feed.schemaVersion = result.schemaVersion
    feed.tables = result.tables
  }

  function reinstall (feed: Feed): Promise<void> {
    feed.installing ??= install(feed).finally(() => { feed.installing = undefined })
    return feed.installing
  }

  async function prune (feed: Feed): Promise<void> {
    feed.lastPrune = Date.now()
    await engine.run(feed.databaseId, 'changes.prune', { keepCount: options.retentionCount, olderThanSeconds: options.retentionHours * 3600 })
  }

  async function feedOf (databaseId: string): Promise<Feed> {
    let feed = feeds.get(databaseId)
    if (feed === undefined) {
      feed = { databaseId, subscribers: new Set(), lastSeq: 0, schemaVersion: -1, tables: [], installing: undefined, polling: false, pollAgain: false, lastActive: Date.now(), lastPoll: 0, lastPrune: 0 }
      feeds.set(databaseId, feed)
      const created = feed
      created.installing = (async () => {
        await install(created)
        created.lastSeq = (await engine.run(databaseId, 'changes.bounds', {})).head
      })().finally(() => { created.installing = undefined })
      try {
        await created.installing
      } catch (err) {
        if (feeds.get(databaseId) === created && created.subscribers.size === 0) feeds.delete(databaseId)
        throw err
      }
    }
    if (feed.installing !== undefined) await feed.installing
    return feed
  }

  function write (sub: Subscriber, text: string): boolean {
    if (sub.out.writableEnded) return false
    sub.out.write(text)
    sub.lastWrite = Date.now()
    if (sub.out.writableLength <= options.bufferBytes) return true
    end(sub, 'overflow', { seq: sub.cursor, message: 'the client reads too slowly: resume with Last-Event-ID' })
    return false
  }

  /** Sends the changes above the subscriber's cursor that its filter wants; every one moves the cursor. */
  function deliver (sub: Subscriber, changes: ChangeRow[]): void {
    for (const change of changes) {
      if (change.seq <= sub.cursor) continue
      sub.cursor = change.seq
      if (sub.tables !== undefined && !sub.tables.has(change.tbl)) continue
      if (!write(sub, frame(undefined, { seq: change.seq, table: change.tbl, op: change.op, id: change.id }, change.seq))) return
    }
  }

  function end (sub: Subscriber, event: string, data: unknown): void {
    if (!sub.out.writableEnded) sub.out.end(frame(event, data))
    detach(sub)
  }

  function detach (sub: Subscriber): void {
    for (const [id, feed] of feeds) {
      if (!feed.subscribers.delete(sub)) continue
      if (feed.subscribers.size === 0) feeds.delete(id)
    }
  }

  function endFeed (feed: Feed, event: string, data: unknown): void {
    for (const sub of feed.subscribers) end(sub, event, data)
    feeds.delete(feed.databaseId)
  }

  function failed (feed: Feed, err: Error): void {
    if (err instanceof DatabaseNotFound) return endFeed(feed, 'end', { reason: 'deleted' })
    log.warn({ err, databaseId: feed.databaseId }, 'a change feed read failed; the next poll retries')
  }

  async function poll (feed: Feed): Promise<void> {
    if (feed.polling) {
      feed.pollAgain = true
      return
    }
    if (feed.installing !== undefined) return
    feed.polling = true
    feed.lastPoll = Date.now()
    try {
      for (;;) {
        const result = await read(feed.databaseId, feed.lastSeq)
        if (result.schemaVersion !== feed.schemaVersion) void reinstall(feed).catch((err: Error) => failed(feed, err))
        if (result.changes.length === 0) break
        feed.lastSeq = result.changes[result.changes.length - 1].seq
        feed.lastActive = Date.now()
        for (const sub of feed.subscribers) if (sub.live) deliver(sub, result.changes)
        if (result.changes.length < pageSize) break
        await nextTurn()
      }
      if (Date.now() - feed.lastPrune > pruneEveryMs) await prune(feed)
    } catch (err) {
      failed(feed, err as Error)
    } finally {
      feed.polling = false
      if (feed.pollAgain) {
        feed.pollAgain = false
        void poll(feed)
      }
    }
  }

  /** Reads the subscriber's own pages from its cursor until it reaches the feed's live position. */
  async function catchUp (feed: Feed, sub: Subscriber): Promise<void> {
    try {
      while (!sub.out.writableEnded) {
        const result = await read(feed.databaseId, sub.cursor)
        deliver(sub, result.changes)
        if (result.changes.length < pageSize && sub.cursor >= feed.lastSeq) {
          sub.live = true
          return
        }
        await nextTurn()
      }
    } catch (err) {
      end(sub, 'end', { reason: 'error', message: (err as Error).message })
    }
  }

  /** Ends streams whose database was deleted or renamed, or whose credential no longer holds; keeps the others alive. */
  function maintain (): void {
    const now = Date.now()
    for (const feed of feeds.values()) {
      const name = options.nameOf(feed.databaseId)
      for (const sub of feed.subscribers) {
        if (name !== sub.databaseName) end(sub, 'end', { reason: name === undefined ? 'deleted' : 'renamed' })
        else if (!sub.stillAllowed()) end(sub, 'end', { reason: 'unauthorized' })
        else if (now - sub.lastWrite >= keepAliveMs) write(sub, ': keep-alive\n\n')
      }
    }
  }

  const pollTimer = setInterval(() => {
    const now = Date.now()
    for (const feed of feeds.values()) {
      if (now - feed.lastActive < activeMs || now - feed.lastPoll >= idlePollMs) void poll(feed)
    }
  }, pollMs)
  const maintainTimer = setInterval(maintain, Math.min(1000, keepAliveMs))
  pollTimer.unref()
  maintainTimer.unref()

  /** Checks the tables and the resume point against the database, then registers the subscriber. */
  async function attach (feed: Feed, sub: SubscribeOptions): Promise<PassThrough> {
    let tables: Set<string> | undefined
    if (sub.tables !== undefined) {
      tables = new Set()
      for (const asked of sub.tables) {
        const table = feed.tables.find((t) => t === asked) ?? feed.tables.find((t) => t.toLowerCase() === asked.toLowerCase())
        if (table === undefined) throw new InvalidValue(`table '${asked}' does not exist`)
        tables.add(table)
      }
    }
    await prune(feed)
    const bounds = await engine.run(sub.databaseId, 'changes.bounds', {})
    const since = sub.since === undefined ? bounds.head : Number(sub.since)
    if (since > bounds.head) throw new InvalidValue(`change ${since} has not happened yet: the last change is ${bounds.head}`)
    if (since < bounds.first - 1) throw new ChangesExpired(since)
    const out = new PassThrough()
    const subscriber: Subscriber = {
      databaseName: sub.databaseName, tables, cursor: since, live: false, out, lastWrite: Date.now(), stillAllowed: sub.stillAllowed
    }
    out.on('close', () => detach(subscriber))
    // the first bytes send the headers, so the client knows it is subscribed
    write(subscriber, ': subscribed\n\n')
    const current = feeds.get(sub.databaseId) ?? feed
    feeds.set(sub.databaseId, current)
    current.subscribers.add(subscriber)
    void catchUp(current, subscriber)
    return out
  }

  return {
    /**
     * Checks the request (tables, resume point) and answers the event stream; throws a 400 or 410 before any event.
     */
    async subscribe (sub: SubscribeOptions): Promise<PassThrough> {
      if (sub.since !== undefined && !seqPattern.test(sub.since)) throw new InvalidValue('the resume point (since or Last-Event-ID) must be a change seq: a non-negative integer')
      const open = feeds.get(sub.databaseId)?.subscribers.size ?? 0
      if (open >= maxSubscribers) throw new TooManySubscribers(String(maxSubscribers))
      const feed = await feedOf(sub.databaseId)
      try {
        return await attach(feed, sub)
      } catch (err) {
        if (feed.subscribers.size === 0 && feeds.get(sub.databaseId) === feed) feeds.delete(sub.databaseId)
        throw err
      }
    },
    /** Polls the database's feed now, if it has one: a write the server itself routed need not wait for the timer. */
    wake (databaseId: string): void {
      const feed = feeds.get(databaseId)
      if (feed === undefined) return
      feed.lastActive = Date.now()
      void poll(feed)
    },
    /** Ends every stream (server shutdown), so open connections do not hold the close. */
    close (): void {
      clearInterval(pollTimer)
      clearInterval(maintainTimer)
      for (const feed of [...feeds.values()]) endFeed(feed, 'end', { reason: 'shutdown' })
    },
    get subscribers (): number {
      let count = 0
      for (const feed of feeds.values()) count += feed.subscribers.size
      return count
    }
  }
}

export type ChangeHub = ReturnType<typeof createChangeHub>
