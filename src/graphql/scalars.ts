import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql'

const literalValue = (ast: ValueNode): unknown =>
  ast.kind === Kind.STRING || ast.kind === Kind.INT || ast.kind === Kind.FLOAT ? ('value' in ast ? ast.value : undefined) : undefined

function scalar(
  name: string,
  description: string,
  read: (value: unknown) => unknown,
  write: (value: unknown) => unknown = (value) => value,
) {
  return new GraphQLScalarType({
    name,
    description,
    serialize: write,
    parseValue: read,
    parseLiteral: (ast) => read(ast.kind === Kind.INT ? Number(literalValue(ast)) : literalValue(ast)),
  })
}

/** A v1 info hash (or a v2-only torrent's truncated v2 hash): 40 hex characters, `0x` allowed. */
export const Hash20 = scalar('Hash20', '40 hex characters: an info hash', (value) => {
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(value)) {
    throw new GraphQLError(`Hash20 must be 40 hex characters, not ${JSON.stringify(value)}`)
  }
  return value.replace(/^0x/, '').toLowerCase()
})

/** RFC 3339; stored times are Unix seconds or milliseconds and leave as ISO strings. */
export const DateTime = scalar(
  'DateTime',
  'An RFC 3339 date and time',
  (value) => {
    const ms = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : NaN
    if (Number.isNaN(ms)) throw new GraphQLError(`DateTime must be an RFC 3339 time, not ${JSON.stringify(value)}`)
    return ms
  },
  (value) => (value instanceof Date ? value.toISOString() : value),
)

export const DateScalar = scalar('Date', 'A calendar date, YYYY-MM-DD', (value) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError(`Date must be YYYY-MM-DD, not ${JSON.stringify(value)}`)
  }
  return value
})

export const Year = scalar('Year', 'A year, e.g. 1999', (value) => {
  const year = Number(value)
  if (!Number.isInteger(year) || year < 1000 || year > 9999)
    throw new GraphQLError(`Year must be a four-digit year, not ${JSON.stringify(value)}`)
  return year
})

/** ISO 8601 durations; values leave from milliseconds, e.g. `PT1.5S`. */
export const Duration = scalar(
  'Duration',
  'An ISO 8601 duration such as PT1.5S',
  (value) => {
    const match = typeof value === 'string' ? /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(value) : null
    if (!match || value === 'PT') throw new GraphQLError(`Duration must be ISO 8601 like PT1M30S, not ${JSON.stringify(value)}`)
    return (Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)) * 1000
  },
  (value) => `PT${Number((Number(value) / 1000).toFixed(3))}S`,
)

export const Void = scalar(
  'Void',
  'No value',
  () => null,
  () => null,
)

/** Integers past GraphQL Int's 32 bits (byte sizes), as JSON numbers exact to 2^53. */
export const Int64 = scalar('Int64', 'A 64-bit integer, exact to 2^53', (value) => {
  const number = typeof value === 'string' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number))
    throw new GraphQLError(`Int64 must be a whole number, not ${JSON.stringify(value)}`)
  return number
})
