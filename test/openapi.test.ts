import t from 'tap'
import SwaggerParser from '@apidevtools/swagger-parser'
import { build } from './helper.js'
import { accessTable } from '../lib/access.js'

t.test('the OpenAPI document is valid and complete', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' })
  t.equal(res.statusCode, 200)
  const doc = res.json()
  await t.resolves(SwaggerParser.validate(structuredClone(doc)), 'swagger-parser finds no error')
  t.equal(doc.openapi, '3.0.3')
  t.ok(doc.components.securitySchemes.sessionToken && doc.components.securitySchemes.apiKey)

  const operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
    .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })))
  t.ok(operations.length >= 9)
  for (const { path, method, op } of operations) {
    const where = `${method.toUpperCase()} ${path}`
    t.ok(op.operationId && op.summary && (op.tags as string[])?.length, `${where} has operationId, summary and tags`)
    t.ok(accessTable[op.operationId as string], `${where} has an access rule`)
    const responses = op.responses as Record<string, { content?: unknown }>
    t.ok(Object.keys(responses).some((s) => s.startsWith('2') && (responses[s].content || s === '204')), `${where} documents its success body`)
    if (['post', 'patch', 'put'].includes(method) && !['adminLogout', 'exportDatabase', 'rotateKey', 'createBackup'].includes(op.operationId as string)) {
      t.ok(op.requestBody, `${where} documents its request body`)
    }
    const isPublic = accessTable[op.operationId as string] === 'public'
    t.equal((op.security as unknown[]).length === 0, isPublic, `${where} declares its security`)
  }
  t.ok(operations.some(({ op }) => op.operationId === 'adminLogin'))
})

t.test('the interactive reference is served at /api/docs', async (t) => {
  const { app } = await build(t)
  const res = await app.inject({ method: 'GET', url: '/api/docs/' })
  t.equal(res.statusCode, 200)
  t.match(res.headers['content-type'], /text\/html/)
})
