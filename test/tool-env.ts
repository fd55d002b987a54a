// The environment of a child that runs a tool (tsc, vite, npm, redocly) rather than Litehouse code. tap instruments
// every Node process a test starts (NODE_OPTIONS imports @tapjs/processinfo, which turns on V8 precise coverage with
// call counts): a compiler run takes twice the CPU under it, and none of a tool's files is the project's, so its
// coverage is thrown away anyway. Children that run the project's own code keep the instrumentation.
export function toolEnv (env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const nodeOptions = (env.NODE_OPTIONS ?? '').split(/\s+/).filter((option) => option !== '' && !option.includes('@tapjs/processinfo'))
  return { ...env, NODE_OPTIONS: nodeOptions.join(' '), _TAPJS_PROCESSINFO_COVERAGE_: '0' }
}
