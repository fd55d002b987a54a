// Placeholder: filled in by the engine work.
export const databaseJobs = {}
