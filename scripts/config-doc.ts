// `npm run docs:config`: writes docs/configuration.md from the settings schema (@see lib/docs/configuration.ts).
import { writeFileSync } from 'node:fs'
import { configurationPage } from '../lib/docs/configuration.js'

writeFileSync(new URL('../docs/configuration.md', import.meta.url), configurationPage())
