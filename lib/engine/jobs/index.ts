import { databaseJobs } from './database.js'
import { tableJobs } from './tables.js'
import { recordJobs } from './records.js'
import { queryJobs } from './query.js'

/** Every job an engine worker can run, by name. The main process imports only the types. */
export const jobs = { ...databaseJobs, ...tableJobs, ...recordJobs, ...queryJobs }

export type Jobs = typeof jobs
export type JobName = keyof Jobs
export type JobArgs<K extends JobName> = Parameters<Jobs[K]>[1]
export type JobResult<K extends JobName> = ReturnType<Jobs[K]>
