/**
 * Compiles a checked CEL expression into a JavaScript closure. cel-js evaluates by walking its AST
 * with runtime type dispatch, about a microsecond per rule; a torrent meets some 25 rules, so the
 * walk was half the cost of classifying it. The closure does the same operations directly.
 *
 * It covers what rules are made of: literals, variables and constants, field and map access,
 * `&&` `||` `!` `?:`, comparisons, arithmetic, `in`, `size()`, and the string functions below.
 * Anything else (macros such as `exists`, map literals, other functions) returns null and the
 * rule keeps cel-js's own evaluator, so a rule never depends on what this file knows.
 * tests/classify/cel-compiler.test.ts runs every default rule both ways over the corpora.
 */
import type { ASTNode } from '@marcbachmann/cel-js'

export type CompiledExpression = (context: Record<string, unknown>) => unknown

type Receiver = (target: never, ...args: never[]) => unknown

class Unsupported extends Error {}

/** CEL `matches` patterns are literals in practice; each is compiled once. */
const patterns = new Map<string, RegExp>()

const STRING_FUNCTIONS: Record<string, Receiver> = {
  contains: (text: string, part: string) => text.includes(part),
  startsWith: (text: string, prefix: string) => text.startsWith(prefix),
  endsWith: (text: string, suffix: string) => text.endsWith(suffix),
  matches: (text: string, pattern: string) => {
    let regex = patterns.get(pattern)
    if (!regex) patterns.set(pattern, (regex = new RegExp(pattern, 'u')))
    return regex.test(text)
  },
}

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
    const exact = compileNode(ast, options, false)
    const fast = compileNode(ast, options, true)
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

function compileNode(node: ASTNode, options: CompileOptions, fast: boolean): CompiledExpression {
  const sub = (child: ASTNode) => compileNode(child, options, fast)
  switch (node.op) {
    case 'value': {
      const value = node.args
      if (value !== null && typeof value === 'object') throw new Unsupported()
      return constant(value)
    }
    case 'id': {
      const name = node.args
      if (options.constants.has(name)) return constant(options.constants.get(name))
      return (context) => {
        if (!(name in context)) throw new Error(`Unknown variable: ${name}`)
        return context[name]
      }
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
      return fast ? compileShortCircuit(node.op, sub(node.args[0]), sub(node.args[1])) : compileLogic(node.op, sub(node.args[0]), sub(node.args[1]))
    case '!_': {
      const read = sub(node.args)
      return (context) => !read(context)
    }
    case '-_': {
      const read = sub(node.args)
      return (context) => -(read(context) as number)
    }
    case '==':
    case '!=':
    case '<':
    case '<=':
    case '>':
    case '>=':
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
    case 'in':
      return compileBinary(node.op, sub(node.args[0]), sub(node.args[1]))
    default:
      throw new Unsupported()
  }
}

/** Plain short-circuit logic over type-checked bools: right only for an error-free evaluation. */
function compileShortCircuit(op: '&&' | '||', left: CompiledExpression, right: CompiledExpression): CompiledExpression {
  if (op === '&&') return (context) => left(context) === true && right(context) === true
  return (context) => left(context) === true || right(context) === true
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
  const compiled = binaryClosure(op, left, right)
  if (!constantClosures.has(left) || !constantClosures.has(right)) return compiled
  // `100 * mb` and the like: constant operands give a constant, worked out once. One that fails
  // (`1 / 0`) fails per torrent as before, where `||` may still decide around it.
  try {
    return constant(compiled({}))
  } catch {
    return compiled
  }
}

function binaryClosure(op: string, left: CompiledExpression, right: CompiledExpression): CompiledExpression {
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
      return (context) => {
        const a = left(context)
        const b = right(context)
        // CEL ints are BigInts and doubles numbers; a mixed operation (`100 * mb`) is done in doubles.
        return typeof a === typeof b ? apply(a as number, b as number) : apply(Number(a), Number(b))
      }
    }
  }
}

/** Closures that return the same value whatever the context. */
const constantClosures = new WeakSet<CompiledExpression>()

function constant(value: unknown): CompiledExpression {
  const closure = () => value
  constantClosures.add(closure)
  return closure
}

function add(a: unknown, b: unknown): unknown {
  if (typeof a === 'string') return a + String(b)
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b]
  return typeof a === typeof b ? (a as number) + (b as number) : Number(a) + Number(b)
}

/** Typed as numbers; BigInt operands of the same type work alike. */
const NUMERIC: Record<string, (x: number, y: number) => number> = {
  '-': (x, y) => x - y,
  '*': (x, y) => x * y,
  '/': (x, y) => {
    if (typeof y === 'bigint' && y === 0n) throw new Error('division by zero')
    return x / y
  },
  '%': (x, y) => {
    if (typeof y === 'bigint' && y === 0n) throw new Error('modulus by zero')
    return x % y
  },
}

function celEquals(a: unknown, b: unknown): boolean {
  if (typeof a === 'bigint' || typeof b === 'bigint') return typeof a !== 'string' && typeof b !== 'string' && a == b
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => celEquals(item, b[i]))
  return a === b
}

function contains(collection: unknown, item: unknown): boolean {
  if (Array.isArray(collection)) return collection.some((element) => celEquals(element, item))
  if (collection instanceof Map) return collection.has(item)
  throw new Error('in needs a list or a map')
}

function select(target: unknown, field: string): unknown {
  if (target instanceof Map) return index(target, field)
  if (target === null || typeof target !== 'object' || !(field in target)) throw new Error(`No such key: ${field}`)
  return (target as Record<string, unknown>)[field]
}

function index(target: unknown, key: unknown): unknown {
  if (target instanceof Map) {
    const value = target.get(key)
    if (value === undefined && !target.has(key)) throw new Error(`No such key: ${String(key)}`)
    return value
  }
  if (Array.isArray(target)) {
    const position = Number(key)
    if (!Number.isInteger(position) || position < 0 || position >= target.length) throw new Error(`Index out of range: ${String(key)}`)
    return target[position]
  }
  return select(target, String(key))
}

function sizeOf(value: unknown): bigint {
  if (typeof value === 'string') return BigInt([...value].length)
  if (Array.isArray(value)) return BigInt(value.length)
  if (value instanceof Map) return BigInt(value.size)
  throw new Error('size() needs a string, list or map')
}
