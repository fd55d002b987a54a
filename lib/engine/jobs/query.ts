// Placeholder: filled in by the tables/records/raw SQL work.
export const queryJobs = {}
