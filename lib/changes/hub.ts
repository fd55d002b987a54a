import { statSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { ChangesExpired, DatabaseNotFound, InvalidValue, TooManySubscribers } from '../errors.js'
import type { Engine, EngineLogger } from '../engine/index.js'
import type { ChangeBounds, ChangeRow, ChangesRead } from '../engine/jobs/changes.js'
import { changesFrame, eventFrame, keepAliveFrame, subscribedFrame, type SharedFrame } from './frames.js'
import type { EventSink } from './sink.js'

/**
 * The subscriber side of the change feed (@see docs/changes.md). One feed per database with subscribers polls the
 * change table by seq from the main process (an indexed range read the inline lane runs in microseconds) and fans
 * each page out to its subscribers: framed once per tables filter (a group), the same Buffer written to every member.
 * A subscriber resuming from an older seq first catches up with reads of its own, then joins the live fan-out; a
 * change goes to a subscriber only when its seq is above the subscriber's cursor, which makes delivery exactly-once
 * across the hand-over.
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
  /** Whether `credential` still grants access to the database: asked once per check for all the streams it opened. */
  allowed: (credential: string, databaseId: string) => boolean
  /**
   * The database's file. An idle feed looks at the file and its WAL (size, mtime) and reads the change table only when
   * they moved: a watched database nobody writes to costs two stat calls a second and holds no connection open.
   * Undefined: every idle poll reads.
   */
  fileOf?: (databaseId: string) => string | undefined
  /** How often a feed that saw a write lately polls. */
  pollMs?: number
  /**
   * How often an idle feed polls. Every write through the server wakes its feed at once (@see wake), so the timer is
   * only for writes made outside it (`sqlite3` on the file): a thousand idle feeds must not cost 20,000 reads a second.
   */
  idlePollMs?: number
  keepAliveMs?: number
  /** How often names and credentials are checked and keep-alives are due (default 1000). */
  checkMs?: number
}

export interface SubscribeOptions {
  databaseId: string
  databaseName: string
  /** Table names as the client gave them; each must be a user table. */
  tables: string[] | undefined
  /** Resume point: changes with a larger seq are sent. Undefined: only changes after now. */
  since: string | undefined
  /** The bearer credential: re-checked every `checkMs` (with every other stream of it on the database, at once). */
  credential: string
}

interface Subscriber {
  feed: Feed
  group: Group
  credential: string
  cursor: number
  /** Caught up: takes the feed's pages as they come. */
  live: boolean
  sink: EventSink
}

/** The subscribers of a feed with one tables filter: each page is framed once for all of them. */
interface Group {
  key: string
  tables: Set<string> | undefined
  members: Set<Subscriber>
  /** When the group was last sent something: keep-alives are due keepAliveMs after. */
  lastSent: number
}

interface Feed {
  databaseId: string
  databaseName: string
  groups: Map<string, Group>
  /** The same subscribers by credential: one check of a credential answers for all of its streams. */
  byCredential: Map<string, Set<Subscriber>>
  size: number
  /** The highest seq the feed has read and fanned out. */
  lastSeq: number
  schemaVersion: number
  tables: string[]
  /** Pending install (first subscription, or a schema change seen by a poll). */
  installing: Promise<void> | undefined
  polling: boolean
  /** A poll is due on the next turn or timer (@see soon). */
  scheduled: boolean
  /** A wake came while a poll ran: poll once more after it, or a change committed meanwhile would wait for the timer. */
  pollAgain: boolean
  /** When the feed last saw a write (a wake, or changes read): it polls every pollMs for activeMs after. */
  lastActive: number
  lastPoll: number
  /** No poll starts before this: a fan-out to many sockets is followed by a pause as long as twice its cost. */
  nextPollAt: number
  lastPrune: number
  /** lastSeq at the last prune: a feed with nothing new prunes only for age, rarely. */
  prunedSeq: number
  /** The file's and its WAL's size and mtime at the last read (@see HubOptions.fileOf). */
  stamp: FileStamp | undefined
}

interface FileStamp { db: string, wal: string | undefined }

const pageSize = 500
const pruneEveryMs = 5000
/** Age retention is in hours: a feed that saw nothing new prunes this seldom. */
const idlePruneMs = 600_000
const activeMs = 2000
/**
 * After a fan-out that took d ms, the next waits 2d: changes that commit meanwhile go out in one page, and the main
 * thread keeps two thirds of its time for requests. With few subscribers d is microseconds and nothing waits.
 */
const fanOutPause = 2
const seqPattern = /^(0|[1-9]\d{0,15})$/

/** Lets sockets drain between pages: a burst of changes is not fanned out in one turn of the event loop. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

const ends = {
  deleted: eventFrame('end', { reason: 'deleted' }),
  renamed: eventFrame('end', { reason: 'renamed' }),
  unauthorized: eventFrame('end', { reason: 'unauthorized' }),
  shutdown: eventFrame('end', { reason: 'shutdown' })
}

/**
 * The size and mtime of a database file and of its WAL: a commit from any process moves one of them (the WAL while a
 * connection holds the database open, else the file, into which the writer's close copied its WAL). A WAL gone or
 * empty is no commit: the last connection's close removes it, an open creates it empty; were either read as a change,
 * a read would open a connection, whose close a minute later would call for another read, and so on for ever.
 */
function fileStamp (file: string, previous: FileStamp | undefined): FileStamp {
  const db = statSync(file, { throwIfNoEntry: false })
  const wal = statSync(`${file}-wal`, { throwIfNoEntry: false })
  return { db: `${db?.size}:${db?.mtimeMs}`, wal: wal === undefined || wal.size === 0 ? previous?.wal : `${wal.size}:${wal.mtimeMs}` }
}

export function createChangeHub (options: HubOptions) {
  const { engine, log } = options
  const pollMs = options.pollMs ?? 50
  const idlePollMs = options.idlePollMs ?? 1000
  const maxSubscribers = options.maxSubscribers ?? 1000
  const keepAliveMs = options.keepAliveMs ?? 15000
  const feeds = new Map<string, Feed>()
  let closed = false

  /** The feed's poll: inline on the main thread when the lane takes it (a database being written to is open there). */
  async function readNow (databaseId: string, after: number): Promise<ChangesRead> {
    const args = { after, limit: pageSize }
    return (engine.timedNow(databaseId, 'changes.read', args) ?? await engine.timed(databaseId, 'changes.read', args)).result
  }

  /**
   * A subscriber's catch-up, an idle feed's read and the checks of a subscription go to a worker: in the main process each database's
   * connection costs about 200 KB (bench/README.md), and an idle database with subscribers must not hold one there.
   */
  const read = async (databaseId: string, after: number): Promise<ChangesRead> => await engine.run(databaseId, 'changes.catchUp', { after, limit: pageSize })
  const bounds = async (databaseId: string): Promise<ChangeBounds> => await engine.run(databaseId, 'changes.bounds', {})

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
    feed.prunedSeq = feed.lastSeq
    await engine.run(feed.databaseId, 'changes.prune', { keepCount: options.retentionCount, olderThanSeconds: options.retentionHours * 3600 })
  }

  /** Each prune is a worker job (a write), and keeps that worker's connection open: only when something is to cut. */
  const pruneDue = (feed: Feed, now: number): boolean =>
    now - feed.lastPrune > (feed.lastSeq !== feed.prunedSeq ? pruneEveryMs : idlePruneMs)

  async function feedOf (databaseId: string, databaseName: string): Promise<Feed> {
    let feed = feeds.get(databaseId)
    // renamed since: its streams end (the check would end them within a second); this subscription starts afresh
    if (feed !== undefined && feed.databaseName !== databaseName) endFeed(feed, ends.renamed)
    feed = feeds.get(databaseId)
    if (feed === undefined) {
      const now = Date.now()
      feed = {
        databaseId, databaseName, groups: new Map(), byCredential: new Map(), size: 0, lastSeq: 0, schemaVersion: -1, tables: [],
        installing: undefined, polling: false, scheduled: false, pollAgain: false, lastActive: 0, lastPoll: now, nextPollAt: 0,
        lastPrune: now, prunedSeq: 0, stamp: undefined
      }
      feeds.set(databaseId, feed)
      const created = feed
      created.installing = (async () => {
        await install(created)
        // before the head is read: a commit after it moves the file, and the first idle poll reads it
        const file = options.fileOf?.(databaseId)
        if (file !== undefined) created.stamp = fileStamp(file, undefined)
        created.lastSeq = created.prunedSeq = (await bounds(databaseId)).head
      })().finally(() => { created.installing = undefined })
      try {
        await created.installing
      } catch (err) {
        if (feeds.get(databaseId) === created && created.size === 0) feeds.delete(databaseId)
        throw err
      }
    }
    if (feed.installing !== undefined) await feed.installing
    return feed
  }

  /** Writes a frame; a subscriber whose unsent bytes pass the bound is cut with `event: overflow` instead. */
  function send (sub: Subscriber, frame: SharedFrame): void {
    if (sub.sink.closed) return detach(sub)
    sub.sink.send(frame)
    if (sub.sink.backlog > options.bufferBytes) {
      end(sub, eventFrame('overflow', { seq: sub.cursor, message: 'the client reads too slowly: resume with Last-Event-ID' }))
    }
  }

  /** Sends the subscriber the changes above its cursor that its filter wants, in one frame; all of them move the cursor. */
  function deliver (sub: Subscriber, changes: ChangeRow[]): void {
    if (changes.length === 0) return
    const frame = changesFrame(changes, sub.group.tables, sub.cursor)
    sub.cursor = Math.max(sub.cursor, changes[changes.length - 1].seq)
    if (frame !== undefined) send(sub, frame)
  }

  /**
   * Sends a page the feed read after `from` to its live subscribers: one frame per group, shared by every member whose
   * cursor is at `from` (all of them, but one that joined from its catch-up in the middle of this page).
   */
  function fanOut (feed: Feed, changes: ChangeRow[], from: number): void {
    const to = changes[changes.length - 1].seq
    const now = Date.now()
    for (const group of feed.groups.values()) {
      let shared: SharedFrame | undefined | null = null
      for (const sub of group.members) {
        if (!sub.live) continue
        if (sub.cursor > from) {
          deliver(sub, changes)
          continue
        }
        if (shared === null) shared = changesFrame(changes, group.tables)
        sub.cursor = to
        if (shared !== undefined) send(sub, shared)
      }
      if (shared !== null && shared !== undefined) group.lastSent = now
    }
  }

  function end (sub: Subscriber, last: SharedFrame): void {
    if (!sub.sink.closed) sub.sink.end(last)
    detach(sub)
  }

  function detach (sub: Subscriber): void {
    const { feed, group } = sub
    if (!group.members.delete(sub)) return
    if (group.members.size === 0 && feed.groups.get(group.key) === group) feed.groups.delete(group.key)
    const same = feed.byCredential.get(sub.credential)
    same?.delete(sub)
    if (same?.size === 0) feed.byCredential.delete(sub.credential)
    feed.size--
    if (feed.size === 0 && feeds.get(feed.databaseId) === feed) feeds.delete(feed.databaseId)
  }

  function endFeed (feed: Feed, last: SharedFrame): void {
    for (const group of [...feed.groups.values()]) for (const sub of [...group.members]) end(sub, last)
    if (feeds.get(feed.databaseId) === feed) feeds.delete(feed.databaseId)
  }

  function failed (feed: Feed, err: Error): void {
    if (err instanceof DatabaseNotFound) return endFeed(feed, ends.deleted)
    log.warn({ err, databaseId: feed.databaseId }, 'a change feed read failed; the next poll retries')
  }

  /** Polls the feed on the next turn of the event loop, or once the pause after its last fan-out is over. */
  function soon (feed: Feed): void {
    if (feed.polling) {
      feed.pollAgain = true
      return
    }
    if (feed.scheduled || closed) return
    feed.scheduled = true
    const run = (): void => {
      feed.scheduled = false
      void poll(feed)
    }
    const wait = feed.nextPollAt - performance.now()
    if (wait >= 1) setTimeout(run, wait)
    else setImmediate(run)
  }

  async function poll (feed: Feed): Promise<void> {
    if (feeds.get(feed.databaseId) !== feed || feed.installing !== undefined || closed) return
    if (feed.polling) {
      feed.pollAgain = true
      return
    }
    feed.polling = true
    feed.lastPoll = Date.now()
    let busyMs = 0
    try {
      for (;;) {
        const started = performance.now()
        // a feed woken by a write reads next to it, on the main thread; an idle one whose file moved (a write from
        // elsewhere) reads in a worker, and opens no connection in the main process
        const result = Date.now() - feed.lastActive < activeMs ? await readNow(feed.databaseId, feed.lastSeq) : await read(feed.databaseId, feed.lastSeq)
        if (result.schemaVersion !== feed.schemaVersion) void reinstall(feed).catch((err: Error) => failed(feed, err))
        if (result.changes.length === 0) break
        const from = feed.lastSeq
        feed.lastSeq = result.changes[result.changes.length - 1].seq
        feed.lastActive = Date.now()
        fanOut(feed, result.changes, from)
        busyMs += performance.now() - started
        if (result.changes.length < pageSize) break
        await nextTurn()
      }
      if (pruneDue(feed, Date.now())) await prune(feed)
    } catch (err) {
      failed(feed, err as Error)
    } finally {
      feed.polling = false
      feed.nextPollAt = performance.now() + busyMs * fanOutPause
      if (feed.pollAgain) {
        feed.pollAgain = false
        soon(feed)
      }
    }
  }

  /** Reads the subscriber's own pages from its cursor until it reaches the feed's live position. */
  async function catchUp (feed: Feed, sub: Subscriber): Promise<void> {
    try {
      while (!sub.sink.closed) {
        const result = await read(feed.databaseId, sub.cursor)
        deliver(sub, result.changes)
        if (result.changes.length < pageSize && sub.cursor >= feed.lastSeq) {
          sub.live = true
          return
        }
        await nextTurn()
      }
    } catch (err) {
      end(sub, eventFrame('end', { reason: 'error', message: (err as Error).message }))
    }
  }

  /** Whether an idle feed must read: its file moved since the last read, or it is due to prune. */
  function idleReadDue (feed: Feed, now: number): boolean {
    const file = options.fileOf?.(feed.databaseId)
    if (file === undefined || pruneDue(feed, now)) return true
    const stamp = fileStamp(file, feed.stamp)
    if (stamp.db === feed.stamp?.db && stamp.wal === feed.stamp.wal) return false
    // taken before the read: a commit after it moves the file again and is read next time
    feed.stamp = stamp
    return true
  }

  function tick (): void {
    const now = Date.now()
    for (const feed of feeds.values()) {
      if (now - feed.lastActive < activeMs) soon(feed)
      else if (now - feed.lastPoll >= idlePollMs) {
        feed.lastPoll = now
        if (idleReadDue(feed, now)) soon(feed)
      }
    }
  }

  /**
   * Ends streams whose database was deleted or renamed, or whose credential no longer holds (one check per credential
   * and database, whatever the number of its streams); keeps the others alive with one shared comment.
   */
  function check (): void {
    const now = Date.now()
    for (const feed of feeds.values()) {
      const name = options.nameOf(feed.databaseId)
      if (name !== feed.databaseName) {
        endFeed(feed, name === undefined ? ends.deleted : ends.renamed)
        continue
      }
      for (const [credential, subs] of feed.byCredential) {
        if (!options.allowed(credential, feed.databaseId)) for (const sub of [...subs]) end(sub, ends.unauthorized)
      }
      for (const group of feed.groups.values()) {
        if (now - group.lastSent < keepAliveMs) continue
        group.lastSent = now
        for (const sub of group.members) send(sub, keepAliveFrame)
      }
    }
  }

  const pollTimer = setInterval(tick, pollMs)
  const checkTimer = setInterval(check, Math.min(options.checkMs ?? 1000, keepAliveMs))
  pollTimer.unref()
  checkTimer.unref()

  /** The group of `tables` in the feed (undefined: every table), checked against the database's user tables. */
  function groupOf (feed: Feed, asked: string[] | undefined): Group {
    let tables: Set<string> | undefined
    if (asked !== undefined) {
      tables = new Set()
      for (const name of asked) {
        const table = feed.tables.find((t) => t === name) ?? feed.tables.find((t) => t.toLowerCase() === name.toLowerCase())
        if (table === undefined) throw new InvalidValue(`table '${name}' does not exist`)
        tables.add(table)
      }
    }
    const key = tables === undefined ? '*' : JSON.stringify([...tables].sort())
    return feed.groups.get(key) ?? { key, tables, members: new Set(), lastSent: Date.now() }
  }

  /** Checks the tables and the resume point against the database, then opens the stream and registers it. */
  async function attach (feed: Feed, sub: SubscribeOptions, open: () => EventSink): Promise<void> {
    groupOf(feed, sub.tables)
    let since: number
    if (sub.since === undefined) since = (await bounds(sub.databaseId)).head
    else {
      // a resume point is checked against retention as of now (a subscription without one has nothing to check)
      await prune(feed)
      const kept = await bounds(sub.databaseId)
      since = Number(sub.since)
      if (since > kept.head) throw new InvalidValue(`change ${since} has not happened yet: the last change is ${kept.head}`)
      if (since < kept.first - 1) throw new ChangesExpired(since)
    }
    const current = feeds.get(sub.databaseId) ?? feed
    feeds.set(sub.databaseId, current)
    const group = groupOf(current, sub.tables)
    current.groups.set(group.key, group)
    const subscriber: Subscriber = { feed: current, group, credential: sub.credential, cursor: since, live: false, sink: open() }
    group.members.add(subscriber)
    let same = current.byCredential.get(sub.credential)
    if (same === undefined) current.byCredential.set(sub.credential, (same = new Set()))
    same.add(subscriber)
    current.size++
    subscriber.sink.onClose(() => detach(subscriber))
    send(subscriber, subscribedFrame)
    // at or past the feed's position (always so without a resume point, unless the feed moved meanwhile): nothing to
    // catch up with, and no read (each is a worker job: 10,000 subscriptions were 10,000 reads)
    if (since >= current.lastSeq) subscriber.live = true
    else void catchUp(current, subscriber)
  }

  return {
    /**
     * Checks the request (tables, resume point), then calls `open` for the stream to write to and starts it; throws a
     * 400, 410 or 429 before `open` is called.
     */
    async subscribe (sub: SubscribeOptions, open: () => EventSink): Promise<void> {
      if (sub.since !== undefined && !seqPattern.test(sub.since)) throw new InvalidValue('the resume point (since or Last-Event-ID) must be a change seq: a non-negative integer')
      const existing = feeds.get(sub.databaseId)
      if (existing !== undefined && existing.databaseName === sub.databaseName && existing.size >= maxSubscribers) throw new TooManySubscribers(String(maxSubscribers))
      const feed = await feedOf(sub.databaseId, sub.databaseName)
      try {
        await attach(feed, sub, open)
      } catch (err) {
        if (feed.size === 0 && feeds.get(sub.databaseId) === feed) feeds.delete(sub.databaseId)
        throw err
      }
    },
    /** Polls the database's feed soon, if it has one: a write the server itself routed need not wait for the timer. */
    wake (databaseId: string): void {
      const feed = feeds.get(databaseId)
      if (feed === undefined) return
      feed.lastActive = Date.now()
      soon(feed)
    },
    /** Ends every stream (server shutdown), so open connections do not hold the close. */
    close (): void {
      closed = true
      clearInterval(pollTimer)
      clearInterval(checkTimer)
      for (const feed of [...feeds.values()]) endFeed(feed, ends.shutdown)
    },
    get subscribers (): number {
      let count = 0
      for (const feed of feeds.values()) count += feed.size
      return count
    }
  }
}

export type ChangeHub = ReturnType<typeof createChangeHub>
