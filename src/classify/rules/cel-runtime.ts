/**
 * What compiled CEL expressions (cel-compiler.ts) call at run time: CEL's value semantics over
 * the JavaScript values rules see. CEL ints are BigInts and doubles numbers; a missing key or a
 * wrong type is an error, thrown.
 */
export type Receiver = (target: never, ...args: never[]) => unknown

/** CEL `matches` patterns are literals in practice; each is compiled once. */
const patterns = new Map<string, RegExp>()

export const STRING_FUNCTIONS: Record<string, Receiver> = {
  contains: (text: string, part: string) => text.includes(part),
  startsWith: (text: string, prefix: string) => text.startsWith(prefix),
  endsWith: (text: string, suffix: string) => text.endsWith(suffix),
  matches: (text: string, pattern: string) => {
    let regex = patterns.get(pattern)
    if (!regex) {
      regex = new RegExp(pattern, 'u')
      patterns.set(pattern, regex)
    }
    return regex.test(text)
  },
}

export function add(a: unknown, b: unknown): unknown {
  if (typeof a === 'string') return a + String(b)
  if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b]
  return typeof a === typeof b ? (a as number) + (b as number) : Number(a) + Number(b)
}

/** Typed as numbers; BigInt operands of the same type work alike. */
export const NUMERIC: Record<string, (x: number, y: number) => number> = {
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

export function celEquals(a: unknown, b: unknown): boolean {
  // biome-ignore lint/suspicious/noDoubleEquals: CEL's int and double compare by value: 1 == 1.0, which only == does across bigint and number
  if (typeof a === 'bigint' || typeof b === 'bigint') return typeof a !== 'string' && typeof b !== 'string' && a == b
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => celEquals(item, b[i]))
  return a === b
}

export function contains(collection: unknown, item: unknown): boolean {
  if (Array.isArray(collection)) return collection.some((element) => celEquals(element, item))
  if (collection instanceof Map) return collection.has(item)
  throw new Error('in needs a list or a map')
}

export function select(target: unknown, field: string): unknown {
  if (target instanceof Map) return index(target, field)
  if (target === null || typeof target !== 'object' || !(field in target)) throw new Error(`No such key: ${field}`)
  return (target as Record<string, unknown>)[field]
}

export function index(target: unknown, key: unknown): unknown {
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

export function sizeOf(value: unknown): bigint {
  if (typeof value === 'string') return BigInt([...value].length)
  if (Array.isArray(value)) return BigInt(value.length)
  if (value instanceof Map) return BigInt(value.size)
  throw new Error('size() needs a string, list or map')
}

/** `- * / %` over two CEL numbers: same-typed operands as they are, a mixed pair (`100 * mb`) in doubles. */
export function numeric(apply: (x: number, y: number) => number, a: unknown, b: unknown): unknown {
  return typeof a === typeof b ? apply(a as number, b as number) : apply(Number(a), Number(b))
}

export function readVariable(context: Record<string, unknown>, name: string): unknown {
  if (!(name in context)) throw new Error(`Unknown variable: ${name}`)
  return context[name]
}
