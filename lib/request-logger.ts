import type { FastifyBaseLogger } from 'fastify'

type Bindings = Parameters<FastifyBaseLogger['child']>[0]
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace'
type LogArgs = Parameters<FastifyBaseLogger['info']>

/** The part of a pino logger this module relies on (Fastify's own logger is pino). */
interface PinoLike extends FastifyBaseLogger {
  isLevelEnabled: (level: string) => boolean
}

/**
 * A request's logger, made real on its first enabled line. A pino child serialises its bindings through the
 * redaction when it is made, a few microseconds on every request, while at the usual levels most requests never
 * log a line. Calls at a disabled level cost one check against the parent's current level.
 */
class LazyChild implements FastifyBaseLogger {
  #real: FastifyBaseLogger | undefined

  constructor (private readonly parent: PinoLike, private readonly bindings: Bindings) {}

  get level (): string { return (this.#real ?? this.parent).level }
  set level (level: string) { this.real().level = level }

  fatal (...args: LogArgs): void { this.log('fatal', args) }
  error (...args: LogArgs): void { this.log('error', args) }
  warn (...args: LogArgs): void { this.log('warn', args) }
  info (...args: LogArgs): void { this.log('info', args) }
  debug (...args: LogArgs): void { this.log('debug', args) }
  trace (...args: LogArgs): void { this.log('trace', args) }
  silent (): void {}

  child (bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options)
  }

  private real (): FastifyBaseLogger {
    return (this.#real ??= this.parent.child(this.bindings))
  }

  private log (level: Level, args: LogArgs): void {
    if (this.#real === undefined && !this.parent.isLevelEnabled(level)) return
    this.real()[level](...args)
  }
}

/**
 * Fastify's `childLoggerFactory`: routes with their own level or serializers (the only options Fastify passes) get a
 * real child at once (they are rare); every other request gets a lazy one.
 */
export function requestLogger (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const parent = logger as PinoLike
  const own = options.level !== undefined || options.serializers !== undefined
  if (own || typeof parent.isLevelEnabled !== 'function') return logger.child(bindings, options)
  return new LazyChild(parent, bindings)
}
