import { describe, expect, test } from 'bun:test'
import { getIntrospectionQuery } from 'graphql'
import { MAX_NESTING, measureNesting } from '../../src/graphql/query-limits'

describe('measureNesting', () => {
  test('counts the deepest run of open brackets of any kind', () => {
    expect(measureNesting('{ a(x: { y: [1] }) { b } }')).toBe(4)
    expect(measureNesting('{ a } { b }')).toBe(1)
  })

  test('skips strings, block strings with escaped quotes, and comments', () => {
    expect(measureNesting('{ a(s: "{[(\\"{") }')).toBe(2)
    expect(measureNesting('{ a(s: """ {{{ \\""" {{{ """) }')).toBe(2)
    expect(measureNesting('{ a # {{{{\n b }')).toBe(1)
  })

  test('stops counting once the limit is passed', () => {
    expect(measureNesting('{'.repeat(1_000_000), 10)).toBe(11)
  })

  test("GraphiQL's introspection query is well within the limit", () => {
    expect(measureNesting(getIntrospectionQuery())).toBeLessThan(MAX_NESTING / 2)
  })
})
