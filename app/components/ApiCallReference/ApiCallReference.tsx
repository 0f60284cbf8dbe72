import { Badge, Code, Table, Text, Title } from '@mantine/core'
import type { ApiCall, JsonSchema } from '~/lib/api-reference'
import classes from './ApiCallReference.module.css'
import { WideTable } from '~/components/WideTable/WideTable'

const METHOD_COLOURS: Record<ApiCall['method'], string> = {
  GET: 'teal',
  POST: 'indigo',
  PUT: 'orange',
  PATCH: 'orange',
  DELETE: 'red',
}
const BODY_LABELS = {
  json: 'Request body (JSON)',
  multipart: 'Request body (multipart/form-data)',
  raw: 'Request body (as the sender signed it)',
} as const

/** The anchor of a call on the /api page: 'get-api-assets'. */
export function apiCallAnchor(call: Pick<ApiCall, 'method' | 'path'>): string {
  return `${call.method}-${call.path}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** 'integer, 1-100, default 20', 'one of: 3d, image, audio'. */
function describeSchema(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.join(', ')}`
  const parts = [String(schema.type)]
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number')
    parts.push(`${schema.minimum}-${schema.maximum}`)
  else if (typeof schema.minimum === 'number') parts.push(`at least ${schema.minimum}`)
  if (typeof schema.maxLength === 'number') parts.push(`up to ${schema.maxLength} characters`)
  if (schema.default !== undefined) parts.push(`default ${String(schema.default)}`)
  return parts.join(', ')
}

const json = (value: unknown) => JSON.stringify(value, null, 2)

/** The descriptions are shared with the OpenAPI document, which reads `name` as code. */
export function TextWithCode({ text }: { text: string }) {
  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never reorder
  return text.split('`').map((part, i) => (i % 2 === 1 ? <Code key={i}>{part}</Code> : part))
}

/** One call of the public API: what it does, what it takes and what it answers. */
export function ApiCallReference({ call }: { call: ApiCall }) {
  const anchor = apiCallAnchor(call)
  return (
    <article id={anchor} aria-labelledby={`${anchor}-heading`} className={classes.call}>
      <Title order={3} id={`${anchor}-heading`} className={classes.heading}>
        <Badge
          component="span"
          color={METHOD_COLOURS[call.method]}
          variant="filled"
          radius="sm"
          className={classes.method}
        >
          {call.method}
        </Badge>{' '}
        <code className={classes.path}>{call.path}</code>
      </Title>
      <Text fw={600} mt="xs">
        {call.summary}
        {call.bearer ? (
          <Badge component="span" variant="light" color="gray" ml="xs" radius="sm">
            Bearer token
          </Badge>
        ) : null}
        {call.admin ? (
          <Badge component="span" variant="light" color="red" ml="xs" radius="sm">
            Admin only
          </Badge>
        ) : null}
      </Text>
      <Text mt={4}>
        <TextWithCode text={call.description} />
      </Text>

      {call.parameters.length > 0 ? (
        <>
          <Text fw={600} mt="md" mb={4}>
            Parameters
          </Text>
          <WideTable minWidth={520}>
            <Table withTableBorder verticalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>In</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Description</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {call.parameters.map((p) => (
                  <Table.Tr key={p.name}>
                    <Table.Td>
                      <Code>{p.name}</Code>
                      {p.required ? (
                        <Text span c="red" size="xs" ml={4}>
                          required
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{p.in}</Table.Td>
                    <Table.Td>{describeSchema(p.schema)}</Table.Td>
                    <Table.Td>
                      <TextWithCode text={p.description} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </WideTable>
        </>
      ) : null}

      {call.body ? (
        <>
          <Text fw={600} mt="md" mb={4}>
            {BODY_LABELS[call.body.type ?? 'json']}
            {call.body.optional ? ' (optional)' : ''}
          </Text>
          <Code block tabIndex={0}>
            {call.body.type === 'multipart'
              ? Object.entries(call.body.example as Record<string, string>)
                  .map(([name, value]) => `${name}: ${value}`)
                  .join('\n')
              : json(call.body.example)}
          </Code>
        </>
      ) : null}

      <Text fw={600} mt="md" mb={4}>
        Answers
      </Text>
      {call.responses.map((r) => (
        <div key={r.status} className={classes.response}>
          <Text size="sm">
            <Code>{r.status}</Code> <TextWithCode text={r.description} />
            {r.status === 200 && call.cache ? (
              <Text span c="dimmed" size="sm">
                {' '}
                Cache-Control: {call.cache}.
              </Text>
            ) : null}
          </Text>
          {r.example !== null ? (
            <Code block mt={4} tabIndex={0}>
              {json(r.example)}
            </Code>
          ) : null}
        </div>
      ))}
    </article>
  )
}
