export { createEngine } from './engine.js'
export type { Engine, EngineLogger, EngineOptions, JobError, RunOptions, Target } from './types.js'
export type { JobArgs, JobName, JobResult } from './jobs/index.js'
export type { JobContext } from './context.js'
