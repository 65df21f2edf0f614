import { type DocumentNode, type FragmentDefinitionNode, Kind, type SelectionSetNode } from 'graphql'

/**
 * The schema has no recursive types, so only introspection nests deep: GraphiQL's own
 * introspection query is 15 levels (type references inside type references). Past 20 a query
 * is an attack on the introspection resolvers, not a question.
 */
export const MAX_DEPTH = 20
/** Fields per operation, fragments expanded: generous for dashboards, fatal for amplification. */
export const MAX_FIELDS = 2000
/**
 * Brackets (`{`, `[`, `(`) open at once in a query's text. graphql-js parses and validates by
 * recursion, so a document 10,000 levels deep (selections, or an object or list literal in an
 * argument) overflows the stack before any rule runs. Selections stop at MAX_DEPTH and the
 * deepest input here is a few levels; 64 is far past both and far below the stack.
 */
export const MAX_NESTING = 64

/**
 * How deep the brackets of a GraphQL document nest, counted on the text outside strings and
 * comments, stopping as soon as `limit` is passed: it must be cheap and iterative because it
 * runs before graphql-js may recurse.
 */
export function measureNesting(source: string, limit = MAX_NESTING): number {
  let depth = 0
  let deepest = 0
  for (let i = 0; i < source.length; i++) {
    const char = source[i]
    if (char === '#') {
      while (i < source.length && source[i] !== '\n' && source[i] !== '\r') i++
    } else if (char === '"') {
      if (source.startsWith('"""', i)) {
        // Block string: only \""" escapes, it ends at the next unescaped """.
        i += 3
        while (i < source.length && !source.startsWith('"""', i)) i += source.startsWith('\\"""', i) ? 4 : 1
        i += 2
      } else {
        i++
        while (i < source.length && source[i] !== '"' && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1
      }
    } else if (char === '{' || char === '[' || char === '(') {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) break
    } else if ((char === '}' || char === ']' || char === ')') && depth > 0) {
      // An unbalanced closer is a syntax error the parser meets before anything deeper.
      depth--
    }
  }
  return deepest
}

/**
 * The deepest and the widest operation of a document: levels of selection, and fields selected
 * with each fragment spread counted in full (so a fragment bomb counts as what it expands to).
 * Counting stops just past MAX_FIELDS, so a huge document costs no more than that to measure.
 */
export function measureDocument(document: DocumentNode): { depth: number; fields: number } {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition)
  }
  const measure = (selectionSet: SelectionSetNode, depth: number, seen: Set<string>): { depth: number; fields: number } => {
    let maxDepth = depth
    let fields = 0
    for (const selection of selectionSet.selections) {
      let inner: { depth: number; fields: number } | null = null
      if (selection.kind === Kind.FIELD) {
        fields++
        if (selection.selectionSet) inner = measure(selection.selectionSet, depth + 1, seen)
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = measure(selection.selectionSet, depth, seen)
      } else {
        const fragment = fragments.get(selection.name.value)
        // A cycle is reported by graphql's own NoFragmentCycles rule.
        if (fragment && !seen.has(fragment.name.value))
          inner = measure(fragment.selectionSet, depth, new Set([...seen, fragment.name.value]))
      }
      if (inner) {
        maxDepth = Math.max(maxDepth, inner.depth)
        fields += inner.fields
      }
      if (fields > MAX_FIELDS) break
    }
    return { depth: maxDepth, fields }
  }
  const size = { depth: 0, fields: 0 }
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue
    const { depth, fields } = measure(definition.selectionSet, 1, new Set())
    size.depth = Math.max(size.depth, depth)
    size.fields = Math.max(size.fields, fields)
  }
  return size
}
