import { setImmediate as nextMacrotask } from 'node:timers/promises'

/**
 * Route schemas compiled when first needed rather than at boot. Fastify compiles every route's validators (Ajv) and
 * response serializers (fast-json-stringify) before `ready`: about 0.8 s of a 2.5 s start, while a failover or a
 * restart waits for the first healthy answer. Each is compiled on its route's first request, or in the background
 * once the server listens (`compilePending`), whichever comes first, so steady-state requests never pay for it.
 */

// Fastify calls a compiled validator as a plain function and then reads its `errors`; a serializer takes the payload.
type Compiled = ((...args: any[]) => unknown) & { errors?: unknown } // eslint-disable-line @typescript-eslint/no-explicit-any

const pending = new Set<() => unknown>()

/** `compile` deferred: the function it returns for a route compiles on its first call (or in `compilePending`). */
export function lazily<Route, Fn extends Compiled> (compile: (route: Route) => Fn): (route: Route) => Fn {
  return (route) => {
    let compiled: Fn | undefined
    const ensure = (): Fn => {
      if (compiled === undefined) {
        compiled = compile(route)
        pending.delete(ensure)
      }
      return compiled
    }
    pending.add(ensure)
    const run = function (this: unknown, ...args: unknown[]) {
      const fn = ensure()
      const result = fn.apply(this, args)
      run.errors = fn.errors
      return result
    } as Fn
    return run
  }
}

/** How many deferred schemas no request has needed yet (for tests and start-up logs). */
export function pendingCompiles (): number {
  return pending.size
}

/**
 * Compiles every deferred schema, one per macrotask so that requests arriving meanwhile are served between them.
 * Resolves to the messages of the schemas that failed to compile: each is left to fail on its route's request, and
 * the caller logs them (at boot, Fastify would have refused to start).
 */
export async function compilePending (): Promise<string[]> {
  const failures: string[] = []
  for (const ensure of pending) {
    try {
      ensure()
    } catch (err) {
      pending.delete(ensure)
      failures.push((err as Error).message)
    }
    await nextMacrotask()
  }
  return failures
}
