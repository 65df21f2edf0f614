/**
 * Compiles a checked CEL expression for the rule engine into a tree of closures, one per
 * operator, with CEL's semantics, errors included. cel-js evaluates by walking its AST with
 * runtime type dispatch, about a microsecond per rule, and a torrent meets some 25 rules.
 *
 * It covers what rules are made of: literals, variables and constants, field and map access,
 * `&&` `||` `!` `?:`, comparisons, arithmetic, `in`, `size()`, the string functions of
 * cel-runtime.ts and the environment's own functions. Anything else (macros such as `exists`,
 * map literals, other functions) returns null and the rule keeps cel-js's own evaluator, so a
 * rule never depends on what this file knows.
 * tests/classify/cel-compiler.test.ts runs every default rule both ways over the corpora.
 */
import type { ASTNode, BinaryOperator } from '@marcbachmann/cel-js'
import {
  add,
  celEquals,
  contains,
  index,
  NUMERIC,
  numeric,
  readVariable,
  select,
  sizeOf,
  STRING_FUNCTIONS,
  type Receiver,
} from './cel-runtime'

export type CompiledExpression = (context: Record<string, unknown>) => unknown

export interface CompileOptions {
  /** Constants registered on the environment (size units, extension groups). */
  constants: ReadonlyMap<string, unknown>
  /** Receiver functions registered on the environment, e.g. `string.hasKeyword(string)`. */
  functions: Readonly<Record<string, Receiver>>
}

/** The closure for `ast`, or null when the expression uses something not covered here. */
export function compileCel(ast: ASTNode, options: CompileOptions): CompiledExpression | null {
  try {
    return compileNode(ast, options)
  } catch (err) {
    if (err instanceof Unsupported) return null
    throw err
  }
}

/** Thrown while compiling what is not covered here; cel-js then evaluates the rule. */
class Unsupported extends Error {}

const BINARY_OPERATORS = new Set<string>(['==', '!=', '<', '<=', '>', '>=', '+', '-', '*', '/', '%', 'in'])

function isBinary(node: ASTNode): node is Extract<ASTNode, { op: BinaryOperator }> {
  return BINARY_OPERATORS.has(node.op)
}

function compileNode(node: ASTNode, options: CompileOptions): CompiledExpression {
  const sub = (child: ASTNode) => compileNode(child, options)
  switch (node.op) {
    case 'value': {
      const value = node.args
      if (value !== null && typeof value === 'object') throw new Unsupported()
      return () => value
    }
    case 'id': {
      const name = node.args
      if (options.constants.has(name)) {
        const value = options.constants.get(name)
        return () => value
      }
      return (context) => readVariable(context, name)
    }
    case '.': {
      const [target, field] = node.args
      const read = sub(target)
      return (context) => select(read(context), field)
    }
    case '[]': {
      const [target, key] = node.args.map(sub) as [CompiledExpression, CompiledExpression]
      return (context) => index(target(context), key(context))
    }
    case 'call': {
      const [name, args] = node.args
      if (name !== 'size' || args.length !== 1) throw new Unsupported()
      const read = sub(args[0]!)
      return (context) => sizeOf(read(context))
    }
    case 'rcall': {
      const [name, target, args] = node.args
      const fn = options.functions[name] ?? STRING_FUNCTIONS[name]
      if (!fn) throw new Unsupported()
      const readTarget = sub(target)
      const readArgs = args.map(sub)
      if (readArgs.length === 1) {
        const readArg = readArgs[0]!
        return (context) => (fn as (target: unknown, arg: unknown) => unknown)(readTarget(context), readArg(context))
      }
      return (context) => (fn as (...values: unknown[]) => unknown)(readTarget(context), ...readArgs.map((read) => read(context)))
    }
    case 'list': {
      const items = node.args.map(sub)
      return (context) => items.map((item) => item(context))
    }
    case '?:': {
      const [condition, then, otherwise] = node.args.map(sub) as [CompiledExpression, CompiledExpression, CompiledExpression]
      return (context) => (condition(context) === true ? then(context) : otherwise(context))
    }
    case '&&':
    case '||':
      return compileLogic(node.op, sub(node.args[0]), sub(node.args[1]))
    case '!_': {
      const read = sub(node.args)
      return (context) => !read(context)
    }
    case '-_': {
      const read = sub(node.args)
      return (context) => -(read(context) as number)
    }
    default:
      if (isBinary(node)) return compileBinary(node.op, sub(node.args[0]), sub(node.args[1]))
      throw new Unsupported()
  }
}

/**
 * CEL's `&&` and `||` are commutative over errors: `error && false` is false, as is
 * `false && error`. Only when no side decides does an error surface.
 */
function compileLogic(op: '&&' | '||', left: CompiledExpression, right: CompiledExpression): CompiledExpression {
  const decisive = op === '||'
  return (context) => {
    let leftValue: unknown
    let leftError: unknown = null
    try {
      leftValue = left(context)
      if (leftValue === decisive) return decisive
    } catch (err) {
      leftError = err
    }
    const rightValue = right(context)
    if (rightValue === decisive) return decisive
    if (leftError) throw leftError
    return !decisive
  }
}

function compileBinary(op: string, left: CompiledExpression, right: CompiledExpression): CompiledExpression {
  switch (op) {
    case '==':
      return (context) => celEquals(left(context), right(context))
    case '!=':
      return (context) => !celEquals(left(context), right(context))
    case '<':
      return (context) => (left(context) as number) < (right(context) as number)
    case '<=':
      return (context) => (left(context) as number) <= (right(context) as number)
    case '>':
      return (context) => (left(context) as number) > (right(context) as number)
    case '>=':
      return (context) => (left(context) as number) >= (right(context) as number)
    case 'in':
      return (context) => contains(right(context), left(context))
    case '+':
      return (context) => add(left(context), right(context))
    default: {
      const apply = NUMERIC[op]!
      return (context) => numeric(apply, left(context), right(context))
    }
  }
}
