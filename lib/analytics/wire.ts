import type { StampedEvent } from './types.js'

/**
 * Events as they cross to the analytics thread. Cloning event objects cost several microseconds per event on the
 * main thread (a tenth of a point read's whole budget); here an event is a row of numbers in one Float64Array, which
 * is transferred, not copied, and its strings are references into one list deduplicated per batch (record events
 * of a batch share a handful of names and SQL templates).
 */
export interface EventBatch {
  count: number
  strings: string[]
  numbers: Float64Array<ArrayBuffer>
}

// per event: eight string references (database, databaseId, tableName, operation, statsOperation, status, errorMsg,
// sqlText), then durationMs, rowCount and at
const width = 11
const isNull = -1
const isUndefined = -2

/** The batch to post; list `numbers.buffer` as transferred. */
export function encodeEvents (events: readonly StampedEvent[]): EventBatch {
  const strings: string[] = []
  const refs = new Map<string, number>()
  const ref = (value: unknown): number => {
    if (value === null) return isNull
    if (value === undefined) return isUndefined
    const text = String(value)
    let index = refs.get(text)
    if (index === undefined) {
      index = strings.push(text) - 1
      refs.set(text, index)
    }
    return index
  }
  const numbers = new Float64Array(events.length * width)
  let at = 0
  for (const e of events) {
    numbers[at++] = ref(e.database)
    numbers[at++] = ref(e.databaseId)
    numbers[at++] = ref(e.tableName)
    numbers[at++] = ref(e.operation)
    numbers[at++] = ref(e.statsOperation)
    numbers[at++] = ref(e.status)
    numbers[at++] = ref(e.errorMsg)
    numbers[at++] = ref(e.sqlText)
    numbers[at++] = Number(e.durationMs)
    numbers[at++] = Number(e.rowCount)
    numbers[at++] = Number(e.at)
  }
  return { count: events.length, strings, numbers }
}

/** The events of a batch as the writer takes them. The writer coerces every value, so a bad reference is only null. */
export function decodeEvents (batch: EventBatch): StampedEvent[] {
  const { strings, numbers } = batch
  const text = (ref: number): string | undefined => ref >= 0 ? strings[ref] : undefined
  const nullable = (ref: number): string | null => text(ref) ?? null
  const events: StampedEvent[] = []
  for (let at = 0; events.length < batch.count && at + width <= numbers.length; at += width) {
    events.push({
      database: text(numbers[at]) as string,
      databaseId: text(numbers[at + 1]) as string,
      tableName: nullable(numbers[at + 2]),
      operation: text(numbers[at + 3]) as StampedEvent['operation'],
      statsOperation: text(numbers[at + 4]) as StampedEvent['statsOperation'],
      status: text(numbers[at + 5]) as StampedEvent['status'],
      errorMsg: nullable(numbers[at + 6]),
      sqlText: nullable(numbers[at + 7]),
      durationMs: numbers[at + 8],
      rowCount: numbers[at + 9],
      at: numbers[at + 10]
    })
  }
  return events
}
