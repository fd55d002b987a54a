// The environment of a child that runs a tool (tsc, vite, npm, redocly) rather than Litehouse code. tap imports
// @tapjs/processinfo into every Node process a test starts (NODE_OPTIONS), which turns on V8 precise coverage with
// call counts when coverage is collected (`npx tap --no-disable-coverage`): a compiler run takes twice the CPU under
// it, and none of a tool's files is the project's. Children that run the project's own code keep it.
export function toolEnv (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const nodeOptions = (env.NODE_OPTIONS ?? '').split(/\s+/).filter((option) => option !== '' && !option.includes('@tapjs/processinfo'))
  return { ...env, NODE_OPTIONS: nodeOptions.join(' '), _TAPJS_PROCESSINFO_COVERAGE_: '0' }
}
