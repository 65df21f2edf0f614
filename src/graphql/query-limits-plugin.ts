import type { DocumentNode, GraphQLSchema } from 'graphql'
import { refuseRequest } from './errors'
import { MAX_COST, MAX_EXPENSIVE_FIELDS, measureOperationCost, TORRENT_FILES_COST } from './operation-cost'
import { MAX_DEPTH, MAX_FIELDS, MAX_NESTING, measureDocument, measureNesting } from './query-limits'

/** The GET parameters Yoga reads as JSON (its own parser answers a bad one with a 500). */
const JSON_PARAMETERS = ['variables', 'extensions'] as const

function checkJsonParameters(url: URL): void {
  for (const name of JSON_PARAMETERS) {
    const text = url.searchParams.get(name)
    if (text === null) continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      value = undefined
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw refuseRequest('bad_request', `the ${name} parameter must be a JSON object`)
  }
}

interface ExecuteArgs {
  schema: GraphQLSchema
  document: DocumentNode
  operationName?: string | null
  variableValues?: Record<string, unknown> | null
}

/**
 * Every bound on what one GraphQL request may cost, each checked before the work it guards:
 * GET parameters before Yoga parses them, bracket nesting before graphql-js parses the query,
 * depth and field count right after parsing (before validation, whose rules are not all cheap on
 * a wide document; and a refusal there is a 400, where Yoga answers validation errors with 200),
 * and the item cost (which needs the variables, so it cannot be a validation rule Yoga caches
 * per document) just before execution.
 */
export const queryLimitsPlugin = {
  onRequestParse({ request, url }: { request: Request; url: URL }) {
    if (request.method === 'GET') checkJsonParameters(url)
  },
  onParams({ params }: { params: { query?: unknown } }) {
    if (typeof params.query === 'string' && measureNesting(params.query) > MAX_NESTING)
      throw refuseRequest('query_too_deep', `the query nests brackets more than ${MAX_NESTING} deep`)
  },
  onParse() {
    // Thrown, not handed to replaceParseResult: Yoga marks a parse result that is an error as a
    // spec error, which it answers with 200 to a client that accepts application/json.
    return ({ result }: { result: unknown }) => {
      if (!result || typeof result !== 'object' || !('definitions' in result)) return
      const { depth, fields } = measureDocument(result as DocumentNode)
      if (depth > MAX_DEPTH) throw refuseRequest('query_too_deep', `the query is ${depth} levels deep; at most ${MAX_DEPTH} are allowed`)
      if (fields > MAX_FIELDS) throw refuseRequest('query_too_wide', `the query selects more than ${MAX_FIELDS} fields`)
    }
  },
  onExecute({ args, setResultAndStopExecution }: { args: ExecuteArgs; setResultAndStopExecution: (result: { errors: Error[] }) => void }) {
    const cost = measureOperationCost(args.schema, args.document, args.operationName, args.variableValues)
    if (!cost) return
    const errors: Error[] = []
    if (cost.expensiveFields > MAX_EXPENSIVE_FIELDS)
      errors.push(
        refuseRequest(
          'query_too_costly',
          `the query lists ${cost.expensiveFields} times (search, files, jobs, evidence, webhookBatches, wantMatches); at most ${MAX_EXPENSIVE_FIELDS} are allowed`,
        ),
      )
    if (cost.items > MAX_COST)
      errors.push(
        refuseRequest(
          'query_too_costly',
          `the query asks for up to ${cost.items} items (limits multiplied through nested lists, Torrent.files counting ${TORRENT_FILES_COST} per torrent); at most ${MAX_COST} are allowed`,
        ),
      )
    if (errors.length) setResultAndStopExecution({ errors })
  },
}
