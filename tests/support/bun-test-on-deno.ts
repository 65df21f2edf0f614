/**
 * `bun:test` on Deno. deno.json maps the `bun:test` specifier to this file, so the pure domain's
 * test files run unchanged under `deno test` (`bun run test:deno`): the same assertions on both
 * runtimes. `expect` is Jest's, whose matchers Bun's mirror; Bun's own extras that the suites use
 * are added below. Each `test` becomes one `Deno.test` named by its describe blocks
 * (`renderRss > an item carries its pubDate`). Only the part of Bun's API these suites use is
 * here (no hooks, no mocks): a test importing more fails loudly under Deno, and then gains it here.
 */
import { expect } from 'expect'

type TestFn = () => unknown

/** The slice of Deno's API used here; the project's types are Bun's. */
declare const Deno: {
  test(definition: { name: string; fn: () => Promise<void>; sanitizeOps: boolean; sanitizeResources: boolean }): void
}

const blockNames: string[] = []

export function describe(name: string, body: () => void) {
  blockNames.push(name)
  try {
    body()
  } finally {
    blockNames.pop()
  }
}

function register(name: string, fn: TestFn) {
  Deno.test({
    name: [...blockNames, name].join(' > '),
    // Bun checks neither: a test leaving a timer or a file open passes on both runtimes alike.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      await fn()
    },
  })
}

/** A `test.each` name as Bun formats it: `%s` `%d` `%i` `%f` `%j` `%p` `%o` take the row's values in turn, `%#` its index. */
function nameOf(template: string, row: unknown[], index: number): string {
  let next = 0
  return template.replace(/%[sdifjpo#%]/g, (token) => {
    if (token === '%%') return '%'
    if (token === '%#') return String(index)
    const value = row[next++]
    if (token === '%s') return String(value)
    if (token === '%d' || token === '%i' || token === '%f') return String(Number(value))
    return JSON.stringify(value)
  })
}

/** Bun's `test.each`: an array row is spread into the test's arguments, any other row is its one argument. */
function each<Row>(table: readonly Row[]) {
  return (template: string, fn: (...args: any[]) => unknown) => {
    for (const [index, row] of table.entries()) {
      const args = Array.isArray(row) ? row : [row]
      register(nameOf(template, args, index), () => fn(...args))
    }
  }
}

export const test = Object.assign(register, { each })

expect.extend({
  toStartWith(received: unknown, prefix: string) {
    const pass = typeof received === 'string' && received.startsWith(prefix)
    return { pass, message: () => `expected ${this.utils.printReceived(received)}${pass ? ' not' : ''} to start with ${prefix}` }
  },
  toEndWith(received: unknown, suffix: string) {
    const pass = typeof received === 'string' && received.endsWith(suffix)
    return { pass, message: () => `expected ${this.utils.printReceived(received)}${pass ? ' not' : ''} to end with ${suffix}` }
  },
})

export { expect }
