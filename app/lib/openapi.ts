import { API_CALLS, API_GROUPS, API_SCHEMAS, type ApiCall, type JsonSchema } from './api-reference'
import { SITE_NAME } from './constants'


const errorResponse = (description: string, message: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { error: message } } } })

/** Answers every call can give, whatever it does: the door's checks (decisions 37 and 38). */
function doorResponses(call: ApiCall): JsonSchema {
  return {
    '400': errorResponse('The address or body has characters that are not allowed (a NUL byte, a lone surrogate, text that is not UTF-8), or a parameter is invalid.', 'The request contains characters that are not allowed (a NUL byte, a lone surrogate or text that is not valid UTF-8).'),
    '405': errorResponse('The path exists but not with this method; the Allow header lists the methods it takes.', `Method not allowed. Use ${call.method}.`),
    ...(call.body
      ? {
          '413': errorResponse('The body is larger than 1MB.', 'The request body is larger than 1MB.'),
          '415': errorResponse('The body is not JSON (or a form).', 'Send a JSON body (Content-Type: application/json).'),
        }
      : {}),
    '500': errorResponse('Something failed on our side; try again later.', 'Something went wrong on our side. Please try again.'),
  }
}

function operation(call: ApiCall): JsonSchema {
  const responses: JsonSchema = {}
  for (const r of call.responses) {
    const headers = r.status === 200 && call.cache ? { 'Cache-Control': { schema: { type: 'string', const: call.cache } } } : undefined
    responses[String(r.status)] = {
      description: r.description,
      ...(headers ? { headers } : {}),
      content: { 'application/json': { schema: r.schema, example: r.example } },
    }
  }
  return {
    operationId: call.operationId,
    summary: call.summary,
    description: call.description,
    tags: [call.group],
    // An empty list marks a public call explicitly.
    security: call.bearer ? [{ bearerAuth: [] }] : [],
    ...(call.parameters.length ? { parameters: call.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required ?? false, description: p.description, schema: p.schema })) } : {}),
    ...(call.body ? { requestBody: { required: call.body.optional ? false : true, content: { 'application/json': { schema: call.body.schema, example: call.body.example } } } } : {}),
    responses: { ...doorResponses(call), ...responses },
  }
}

/** The OpenAPI 3.1 description of the public API, served at /api/openapi.json. */
export function openApiDocument(serverUrl: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {}
  for (const call of API_CALLS) {
    paths[call.path] ??= {}
    paths[call.path][call.method.toLowerCase()] = operation(call)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${SITE_NAME} API`,
      version: '1.0.0',
      summary: 'Search the catalogue, read the blog, and download and favourite assets for a signed-in account.',
      description:
        'Answers are JSON. Errors have the shape {"error": "message"}. Assets are used under the License Agreement (/license): commercial use with no attribution; resale, redistribution, NFT use and AI-training use need written permission.',
    },
    servers: [{ url: serverUrl }],
    tags: API_GROUPS.map((name) => ({ name })),
    paths,
    components: {
      schemas: API_SCHEMAS,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The token from POST /api/auth/login, sent as `Authorization: Bearer <token>`.' },
      },
    },
  }
}
