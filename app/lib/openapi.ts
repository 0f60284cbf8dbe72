import { API_CALLS, API_GROUPS, API_SCHEMAS, type ApiCall, type JsonSchema } from './api-reference'
import { SITE_NAME } from './constants'

const errorResponse = (description: string, message: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example: { error: message } } },
})

const CROSS_SITE =
  'A call that carries the session cookie and no bearer token, sent from another site (its Origin or Referer is not this site), is refused.'

/** Answers every call can give, whatever it does: the door's checks (text, origin, method, body), a fault, 503. */
function doorResponses(call: ApiCall): JsonSchema {
  const bodyType = call.body?.type ?? 'json'
  return {
    '400': errorResponse(
      'The address or body has characters that are not allowed (a NUL byte, a lone surrogate, text that is not UTF-8), or a parameter is invalid.',
      'The request contains characters that are not allowed (a NUL byte, a lone surrogate or text that is not valid UTF-8).',
    ),
    ...(call.method !== 'GET'
      ? { '403': errorResponse(CROSS_SITE, 'This request came from another site and was refused.') }
      : {}),
    '405': errorResponse(
      'The path exists but not with this method; the Allow header lists the methods it takes.',
      `Method not allowed. Use ${call.method}.`,
    ),
    ...(call.body && bodyType === 'json'
      ? {
          '413': errorResponse('The body is larger than 1MB.', 'The request body is larger than 1MB.'),
          '415': errorResponse(
            'The body is not JSON (or a form).',
            'Send a JSON body (Content-Type: application/json).',
          ),
        }
      : {}),
    '500': errorResponse(
      'Something failed on our side; try again later.',
      'Something went wrong on our side. Please try again.',
    ),
    '503': {
      ...errorResponse(
        'The database is unavailable, or the server is still starting; the Retry-After header says when to try again.',
        'The database is not answering right now. Please try again in a few seconds.',
      ),
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    },
  }
}

function security(call: ApiCall): JsonSchema[] {
  // An empty list marks a public call explicitly. For the other schemes OpenAPI 3.1 lets the
  // list name the roles a call needs: the admin calls need the admin role.
  // A public call that shows more with a token (a private collection to its owner): either.
  if (call.optionalAuth) return [{}, { bearerAuth: [] }, { sessionCookie: [] }]
  if (!call.bearer) return []
  const roles = call.admin ? ['admin'] : []
  return [{ bearerAuth: roles }, { sessionCookie: roles }]
}

function requestBody(call: ApiCall): JsonSchema | undefined {
  const body = call.body
  if (!body) return undefined
  const type = body.type ?? 'json'
  const media = type === 'multipart' ? 'multipart/form-data' : 'application/json'
  return {
    required: !body.optional,
    content: { [media]: { schema: body.schema, ...(type === 'multipart' ? {} : { example: body.example }) } },
  }
}

function operation(call: ApiCall): JsonSchema {
  const door = doorResponses(call)
  const responses: JsonSchema = {}
  for (const r of call.responses) {
    const headers: JsonSchema = {}
    if (r.status === 200 && call.cache) headers['Cache-Control'] = { schema: { type: 'string', const: call.cache } }
    for (const [name, header] of Object.entries(r.headers ?? {})) headers[name] = header
    // The call's own words for a status the door answers too say both.
    const doorOwn = door[String(r.status)] as { description: string } | undefined
    const description = doorOwn && r.status === 403 ? `${r.description} ${CROSS_SITE}` : r.description
    responses[String(r.status)] = {
      description,
      ...(Object.keys(headers).length ? { headers } : {}),
      ...(r.schema
        ? {
            content: r.mediaType
              ? { [r.mediaType]: { schema: r.schema } }
              : { 'application/json': { schema: r.schema, example: r.example } },
          }
        : {}),
    }
  }
  const description = call.admin
    ? `${call.description}\n\nAdmin only: without a token 401, with a token of an account that is not an admin 403.`
    : call.description
  const body = requestBody(call)
  return {
    operationId: call.operationId,
    summary: call.summary,
    description,
    tags: [call.group],
    security: security(call),
    ...(call.admin ? { 'x-admin-only': true } : {}),
    ...(call.parameters.length
      ? {
          parameters: call.parameters.map((p) => ({
            name: p.name,
            in: p.in,
            required: p.required ?? false,
            description: p.description,
            schema: p.schema,
          })),
        }
      : {}),
    ...(body ? { requestBody: body } : {}),
    responses: { ...door, ...responses },
  }
}

/** The OpenAPI 3.1 description of the API (every call of app/routes/api), served at /api/openapi.json. */
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
      summary:
        'Search the catalogue, read the blog, and download and favourite assets for a signed-in account; the admin calls; the calls other services make.',
      description:
        'Answers are JSON. Errors have the shape {"error": "message", "reason": "kebab-case-reason"}; reason is there when the request was refused for a reason code can act on (rate-limited, quota-exceeded ...). Assets are used under the License Agreement (/license): commercial use with no attribution; resale, redistribution, NFT use and AI-training use need written permission. Calls tagged Admin (marked x-admin-only, security role `admin`) need an admin account’s token: without a token they answer 401, with another account’s 403. Calls tagged Integrations are made by Stripe, by Google’s sign-in and by API tools.',
    },
    servers: [{ url: serverUrl }],
    tags: API_GROUPS.map((name) => ({
      name,
      ...(name === 'Admin'
        ? { description: 'For an admin account only: 401 without a token, 403 with another account’s.' }
        : name === 'Integrations'
          ? { description: 'Called by other services and browsers, not by scripts.' }
          : {}),
    })),
    paths,
    components: {
      schemas: API_SCHEMAS,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The token from POST /api/auth/login (or POST /api/admin/login for the admin calls), sent as `Authorization: Bearer <token>`.',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: '__session',
          description: `The site’s session cookie works too, as in a browser signed in on this site. ${CROSS_SITE}`,
        },
      },
    },
  }
}
