import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getArgumentValues,
  getNamedType,
  getOperationAST,
  getVariableValues,
  type GraphQLField,
  type GraphQLSchema,
  isInterfaceType,
  isObjectType,
  Kind,
  type SelectionSetNode,
} from 'graphql'
import { WANT_MATCHES_PAGE, WEBHOOK_BATCHES_PAGE } from './dashboard-resolvers'
import { DEFAULT_LIMIT, MAX_LIMIT } from './search-input'

/**
 * Items one operation may ask for, summed over its lists and multiplied through nesting:
 * 400 aliased searches of 1,000 items took 3.4 s, answered 22 MB and grew the process to
 * 1.35 GB. A few full pages (five searches of 1,000, or a web UI page of 100 plus its files)
 * fit; amplification does not.
 */
export const MAX_COST = 5000
/** Appearances of the expensive fields (each a query of its own, counts and facets included). */
export const MAX_EXPENSIVE_FIELDS = 10
/**
 * What one torrent's own file list (`Torrent.files`, no limit argument, up to 10,000 rows) counts
 * as. The true length is unknown before running; a multi-file release lists tens of files.
 */
export const TORRENT_FILES_COST = 100

/** Lists whose length the caller sets with `input.limit`, with the resolvers' default and cap. */
const SEARCH_PAGE = { defaultLimit: DEFAULT_LIMIT, maxLimit: MAX_LIMIT }
const PAGED_FIELDS = new Map([
  ['TorrentContentQuery.search', SEARCH_PAGE],
  ['TorrentQuery.files', SEARCH_PAGE],
  ['QueueQuery.jobs', SEARCH_PAGE],
  ['Query.evidence', SEARCH_PAGE],
  ['Query.webhookBatches', WEBHOOK_BATCHES_PAGE],
  ['Query.wantMatches', WANT_MATCHES_PAGE],
])
const PER_TORRENT_LIST = 'Torrent.files'

export interface OperationCost {
  /** Items the operation can return, nested lists multiplied. */
  items: number
  /** How often an expensive field appears, fragments expanded. */
  expensiveFields: number
}

function pageSize(
  field: GraphQLField<unknown, unknown>,
  node: Parameters<typeof getArgumentValues>[1],
  variables: Record<string, unknown>,
  page: { defaultLimit: number; maxLimit: number },
) {
  const input = getArgumentValues(field, node, variables).input as { limit?: unknown } | null | undefined
  const limit = input?.limit ?? page.defaultLimit
  // A bad limit is the resolver's error to report; here it only must not lower the count.
  return typeof limit === 'number' && Number.isFinite(limit) ? Math.min(Math.max(limit, 1), page.maxLimit) : page.maxLimit
}

/**
 * The cost of the operation a request runs, from its document and variables, before any
 * resolver runs. Null when the variables do not fit the operation (execution reports that).
 * Runs after validation, so fragments are acyclic and the field count is already bounded.
 */
export function measureOperationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  rawVariables: Record<string, unknown> | null | undefined,
): OperationCost | null {
  const operation = getOperationAST(document, operationName)
  if (!operation) return null
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], rawVariables ?? {})
  if (coerced.errors) return null
  const variables = coerced.coerced
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)

  const cost: OperationCost = { items: 0, expensiveFields: 0 }
  const walk = (selectionSet: SelectionSetNode, typeName: string, multiplier: number) => {
    const type = schema.getType(typeName)
    if (!isObjectType(type) && !isInterfaceType(type)) return
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        walk(selection.selectionSet, selection.typeCondition?.name.value ?? typeName, multiplier)
        continue
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(selection.name.value)
        if (fragment) walk(fragment.selectionSet, fragment.typeCondition.name.value, multiplier)
        continue
      }
      // Introspection fields (__type, __schema) are not in getFields: the depth rule bounds them.
      const field = type.getFields()[selection.name.value]
      if (!field || !selection.selectionSet) continue
      const key = `${typeName}.${field.name}`
      const page = PAGED_FIELDS.get(key)
      let inner = multiplier
      if (page || key === PER_TORRENT_LIST) {
        const size = page ? pageSize(field, selection, variables, page) : TORRENT_FILES_COST
        cost.expensiveFields++
        inner = multiplier * size
        cost.items += inner
      }
      walk(selection.selectionSet, getNamedType(field.type).name, inner)
    }
  }
  walk(operation.selectionSet, schema.getRootType(operation.operation)?.name ?? '', 1)
  return cost
}
