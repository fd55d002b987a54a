import type { SharedFrame } from '../../../lib/changes/frames.js'
import type { EventSink } from '../../../lib/changes/sink.js'

/** An event sink that keeps every frame it is sent (the very objects, to tell a shared frame from a copy). */
export function collector (backlog = 0) {
  const frames: SharedFrame[] = []
  const listeners: Array<() => void> = []
  let ended: SharedFrame | undefined
  const sink: EventSink & { frames: SharedFrame[], text: () => string, readonly last: SharedFrame | undefined, hangUp: () => void } = {
    frames,
    send (frame) { frames.push(frame) },
    backlog,
    get closed () { return ended !== undefined },
    end (last) {
      ended = last
      for (const listener of listeners.splice(0)) listener()
    },
    onClose (listener) { listeners.push(listener) },
    text: () => frames.map((f) => f.body.toString()).join('') + (ended?.body.toString() ?? ''),
    get last () { return ended },
    /** The client went away. */
    hangUp () {
      ended ??= frames[0]
      for (const listener of listeners.splice(0)) listener()
    }
  }
  return sink
}
