import { databaseJobs } from './database.js'
import { tableJobs } from './tables.js'
import { recordJobs } from './records.js'
import { queryJobs } from './query.js'
import { batchJobs } from './batch.js'
import { upsertJobs } from './upsert.js'
import { exportJobs } from './export.js'
import { describeJobs } from './describe.js'
import { changeJobs } from './changes.js'
import type { Delivered } from '../json-rows.js'

/** Every job an engine worker can run, by name. The main process imports only the types. */
export const jobs = { ...databaseJobs, ...tableJobs, ...recordJobs, ...queryJobs, ...batchJobs, ...upsertJobs, ...exportJobs, ...describeJobs, ...changeJobs }

export type Jobs = typeof jobs
export type JobName = keyof Jobs
export type JobArgs<K extends JobName> = Parameters<Jobs[K]>[1]
/** What the engine delivers: a job's own result, whose `rows` may have come from a worker as JSON text. */
export type JobResult<K extends JobName> = Delivered<ReturnType<Jobs[K]>>
