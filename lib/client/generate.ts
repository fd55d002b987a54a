import openapiTS, { astToString } from 'openapi-typescript'

/** The service's types as `npm run client:types` writes them to lib/client/service-types.ts. */
export async function serviceTypesSource (document: unknown): Promise<string> {
  return '// The service\'s types from its OpenAPI document (openapi-typescript). Written by `npm run client:types`: do not edit;\n' +
    '// test/client/service-types.test.ts fails when this file no longer matches the routes.\n\n' +
    astToString(await openapiTS(document as never))
}
