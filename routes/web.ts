import { existsSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyPluginAsync } from 'fastify'
import fastifyStatic from '@fastify/static'

export interface WebOptions {
  /** The built dashboard; defaults to web/dist under the project root. */
  distDir?: string
}

/** The nearest folder upward holding package.json: the same answer from routes/ (tsx) and dist/routes/ (compiled). */
export function findProjectRoot (from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir)
    if (parent === dir) throw new Error(`no package.json found above ${from}`)
    dir = parent
  }
  return dir
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Litehouse</title></head>
<body style="font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">
<h1>Litehouse</h1>
<p>The admin dashboard has not been built yet. Run <code>npm run build:web</code> and reload this page.</p>
<p>The API is available under <code>/api</code>.</p>
</body></html>
`

function isApiPath (path: string): boolean {
  return path === '/api' || path.startsWith('/api/')
}

/** The file under `root` that `urlPath` names, relative to root, or null; never a path outside root. */
async function builtFile (root: string, urlPath: string): Promise<string | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const full = resolve(root, `.${decoded}`)
  if (!full.startsWith(root + sep)) return null
  const info = await stat(full).catch(() => null)
  return info?.isFile() ? relative(root, full) : null
}

/**
 * Serves the admin dashboard (web/dist) at `/`. GET requests for paths that are not files get
 * index.html, so history routing survives a reload; `/api` paths and missing hashed assets go to
 * the app's not-found handler and stay JSON 404s. Not wrapped in fastify-plugin: it adds routes only.
 */
const web: FastifyPluginAsync<WebOptions> = async (fastify, opts) => {
  const root = resolve(opts.distDir ?? join(findProjectRoot(), 'web', 'dist'))
  const hidden = { schema: { hide: true } }

  if (!existsSync(join(root, 'index.html'))) {
    fastify.log.warn({ root }, 'admin dashboard not built: run `npm run build:web`')
    fastify.get('/*', hidden, async function (request, reply) {
      if (isApiPath(request.url.split('?')[0])) return reply.callNotFound()
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(notBuiltPage)
    })
    return
  }

  await fastify.register(fastifyStatic, { root, serve: false })

  fastify.get('/*', hidden, async function (request, reply) {
    const path = request.url.split('?')[0]
    if (isApiPath(path)) return reply.callNotFound()
    const file = await builtFile(root, path)
    // Vite puts content-hashed names under assets/: they never change, so they may be cached for good.
    if (file?.startsWith(`assets${sep}`)) return reply.sendFile(file, { maxAge: '365d', immutable: true })
    if (!file && path.startsWith('/assets/')) return reply.callNotFound()
    // Everything else, index.html included, is revalidated so a new build shows up at once.
    return reply.header('cache-control', 'no-cache').sendFile(file ?? 'index.html', { cacheControl: false })
  })
}

export default web
