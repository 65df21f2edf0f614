/**
 * Compiles a checked CEL expression for the rule engine. cel-js evaluates by walking its AST with
 * runtime type dispatch, about a microsecond per rule, and a torrent meets some 25 rules. Two
 * builds do the same operations directly: the exact one here, a tree of closures with CEL's error
 * semantics, and the fast one (cel-source.ts), generated JavaScript backed by the exact one.
 *
 * They cover what rules are made of: literals, variables and constants, field and map access,
 * `&&` `||` `!` `?:`, comparisons, arithmetic, `in`, `size()`, the string functions of
 * cel-runtime.ts and the environment's own functions. Anything else (macros such as `exists`,
 * map literals, other functions) returns null and the rule keeps cel-js's own evaluator, so a
 * rule never depends on what these files know.
 * tests/classify/cel-compiler.test.ts runs every default rule both ways over the corpora.
 */
import type { ASTNode } from '@marcbachmann/cel-js'
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
  Unsupported,
  isBinary,
  type Receiver,
} from './cel-runtime'
import { compileSource } from './cel-source'

export type CompiledExpression = (context: Record<string, unknown>) => unknown

export interface CompileOptions {
  /** Constants registered on the environment (size units, extension groups). */
  constants: ReadonlyMap<string, unknown>
  /** Receiver functions registered on the environment, e.g. `string.hasKeyword(string)`. */
  functions: Readonly<Record<string, Receiver>>
}

/**
 * The closure for `ast`, or null when the expression uses something not covered here.
 * It comes in two builds. The exact one gives `&&` and `||` CEL's error semantics with a
 * try/catch at every operator, which cost a fifth of the rule chain's time. The fast one
 * short-circuits as JavaScript does, and gives the same answer whenever nothing fails on the
 * way; when something does, the exact build evaluates again (rules have no side effects).
 */
export function compileCel(ast: ASTNode, options: CompileOptions): CompiledExpression | null {
  try {
    const exact = compileNode(ast, options)
    const fast = compileSource(ast, options)
    return (context) => {
      try {
        return fast(context)
      } catch {
        return exact(context)
      }
    }
  } catch (err) {
    if (err instanceof Unsupported) return null
    throw err
  }
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
