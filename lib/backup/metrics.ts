import { Gauge, Histogram, type Registry } from 'prom-client'
import type { Supervisor } from './supervisor.js'

/** Databases named one by one in `litehouse_backup_lag_seconds`: the longest waits only, whatever the number of databases. */
export const lagTopN = 10

/**
 * Backup metrics, read from the supervisor when Prometheus scrapes. At 10,000 databases a series per database
 * would be 10,000 series: the per-database gauge names only the `lagTopN` databases waiting longest, beside the
 * aggregates (how many wait, the longest wait) and a histogram of each write's time to the replica.
 */
export function registerBackupMetrics (register: Registry, supervisor: Supervisor, nameOf: (databaseId: string) => string | undefined): void {
  const registers = [register]
  const summary = () => supervisor.lag.summary(lagTopN)
  new Gauge({
    name: 'litehouse_backup_lag_seconds',
    help: `replication lag of the ${lagTopN} databases waiting longest: age of the oldest write not yet in the replica`,
    labelNames: ['database'],
    registers,
    collect () {
      this.reset()
      for (const [id, seconds] of summary().top) this.set({ database: nameOf(id) ?? id }, seconds)
    }
  })
  new Gauge({ name: 'litehouse_backup_lag_max_seconds', help: 'longest replication lag over every database', registers, collect () { this.set(summary().maxSeconds) } })
  new Gauge({ name: 'litehouse_backup_pending_databases', help: 'databases with writes not yet in the replica', registers, collect () { this.set(summary().pending) } })
  new Gauge({ name: 'litehouse_backup_replicating_databases', help: 'databases being replicated now, _system.db included', registers, collect () { this.set(supervisor.status().replicating) } })
  new Gauge({ name: 'litehouse_backup_failing', help: '1 while backups are failing (replicator down, binary missing, replica errors), else 0', registers, collect () { this.set(supervisor.status().status === 'failing' ? 1 : 0) } })
  const delay = new Histogram({
    name: 'litehouse_backup_replication_seconds',
    help: 'time from a write to its upload to the replica',
    buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    registers
  })
  supervisor.lag.onDelay((seconds) => { delay.observe(seconds) })
}
