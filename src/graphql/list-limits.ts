import { type DocumentNode, visit } from 'graphql'
import { refuseRequest } from './errors'

/**
 * A Yoga plugin that refuses a request with a list argument of more than `maxItems` items
 * (SERVICE_GRAPHQL_MAX_LIST), in its variables or written in the query, before anything runs: a
 * search for a million info hashes held a search thread for seconds and the main thread for the
 * conversion. The error names the list and the limit.
 */
export function listLimits(maxItems: number) {
  const refuse = (where: string, items: number) =>
    refuseRequest(
      'list_too_long',
      `${where} lists ${items} items; a list argument may hold at most ${maxItems} (SERVICE_GRAPHQL_MAX_LIST), so split the request`,
    )
  return {
    onParams({ params }: { params: { variables?: unknown } }) {
      const long = findLongList(params.variables, maxItems)
      if (long) throw refuse(long.path === '' ? 'variables' : `variables.${long.path}`, long.items)
    },
    onParse() {
      return ({ result }: { result: unknown }) => {
        if (!result || typeof result !== 'object' || !('definitions' in result)) return
        const long = findLongListLiteral(result as DocumentNode, maxItems)
        if (long) throw refuse(long.path, long.items)
      }
    },
  }
}

/** The first list written in the query with more than `maxItems` items, by the argument or input field holding it. */
function findLongListLiteral(document: DocumentNode, maxItems: number): { path: string; items: number } | null {
  let found: { path: string; items: number } | null = null
  visit(document, {
    ListValue(node, _key, parent) {
      if (found || node.values.length <= maxItems) return
      const owner = parent && !Array.isArray(parent) && 'name' in parent ? (parent as NamedNode).name.value : 'a list in the query'
      found = { path: owner, items: node.values.length }
    },
  })
  return found
}

interface NamedNode {
  name: { value: string }
}

/** The first array longer than `maxItems` in a JSON value, by its dotted path; walked without recursion. */
function findLongList(value: unknown, maxItems: number): { path: string; items: number } | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }]
  while (stack.length > 0) {
    const next = stack.pop()!
    if (Array.isArray(next.value)) {
      if (next.value.length > maxItems) return { path: next.path, items: next.value.length }
      for (const [index, item] of next.value.entries()) stack.push({ value: item, path: `${next.path}[${index}]` })
    } else if (next.value && typeof next.value === 'object') {
      for (const [key, item] of Object.entries(next.value)) stack.push({ value: item, path: next.path ? `${next.path}.${key}` : key })
    }
  }
  return null
}
