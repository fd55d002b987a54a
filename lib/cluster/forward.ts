import { Agent, request as httpRequest, type IncomingMessage } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DatabaseUnavailable } from '../errors.js'
import { HOP_HEADER } from './keys.js'

/** Headers of one connection, never passed on (RFC 9110 §7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'])

/**
 * Passes requests on to the node that owns their database, over one keep-alive connection pool per node.
 * The body is streamed as it arrives and the answer streamed back as it comes (an export, a change feed),
 * never buffered. The request carries the hop header, so the owner never forwards it again.
 */
export function createForwarder () {
  const agents = new Map<string, Agent>()
  const agentFor = (origin: string): Agent => {
    let agent = agents.get(origin)
    if (agent === undefined) {
      agent = new Agent({ keepAlive: true, maxSockets: 256 })
      agents.set(origin, agent)
    }
    return agent
  }

  return {
    async forward (request: FastifyRequest, reply: FastifyReply, baseUrl: string, node: string): Promise<FastifyReply> {
      const target = new URL(baseUrl)
      const headers: Record<string, string | string[]> = {}
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined && !hopByHop.has(name)) headers[name] = value
      }
      headers.host = target.host
      headers[HOP_HEADER] = '1'
      headers['x-forwarded-for'] = request.ip
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const upstream = httpRequest({
          host: target.hostname, port: target.port, method: request.method, path: request.url, headers, agent: agentFor(target.origin)
        }, resolve)
        upstream.on('error', reject)
        request.raw.on('aborted', () => upstream.destroy())
        request.raw.pipe(upstream)
      }).catch((err: Error) => {
        throw new DatabaseUnavailable(`its owner node '${node}' cannot be reached (${err.message}): retry shortly`)
      })
      reply.code(answer.statusCode ?? 502)
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !hopByHop.has(name)) reply.header(name, value)
      }
      // a client that goes away closes the owner's answer too (a change feed must not stay open upstream)
      reply.raw.on('close', () => answer.destroy())
      return reply.send(answer)
    },
    close (): void {
      for (const agent of agents.values()) agent.destroy()
    }
  }
}

export type Forwarder = ReturnType<typeof createForwarder>
