import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql'

/**
 * The schema has no recursive types, so only introspection nests deep: GraphiQL's own
 * introspection query is 15 levels (type references inside type references). Past 20 a query
 * is an attack on the introspection resolvers, not a question.
 */
export const MAX_DEPTH = 20
/** Fields per operation, fragments expanded: generous for dashboards, fatal for amplification. */
export const MAX_FIELDS = 2000

/**
 * A validation rule that refuses operations nested deeper than MAX_DEPTH or selecting more than
 * MAX_FIELDS fields, counting each fragment spread in full (so a fragment bomb counts as what it
 * expands to). It runs before execution: nothing is resolved for a refused query.
 */
export function queryLimitsRule(context: ValidationContext): ASTVisitor {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const definition of context.getDocument().definitions) {
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
  return {
    OperationDefinition(operation) {
      const { depth, fields } = measure(operation.selectionSet, 1, new Set())
      if (depth > MAX_DEPTH)
        context.reportError(new GraphQLError(`the query is ${depth} levels deep; at most ${MAX_DEPTH} are allowed`, { nodes: [operation] }))
      if (fields > MAX_FIELDS)
        context.reportError(new GraphQLError(`the query selects more than ${MAX_FIELDS} fields`, { nodes: [operation] }))
    },
  }
}
