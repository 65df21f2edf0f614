import { describe, expect, test } from 'bun:test'
import { createOncePerWindow } from '../../../src/dashboard/security/once-per-window'

describe('createOncePerWindow', () => {
  test('admits a key once per window, each key on its own', () => {
    let now = 0
    const window = createOncePerWindow({ windowMs: 1000, maxKeys: 10, nowMs: () => now })
    expect(window.admit('a')).toBe(true)
    expect(window.admit('a')).toBe(false)
    expect(window.admit('b')).toBe(true)
    now = 999
    expect(window.admit('a')).toBe(false)
    now = 1000
    expect(window.admit('a')).toBe(true)
    expect(window.admit('a')).toBe(false)
  })

  test('remembers at most maxKeys: stale keys make room, fresh ones do not', () => {
    let now = 0
    const window = createOncePerWindow({ windowMs: 1000, maxKeys: 2, nowMs: () => now })
    expect(window.admit('a')).toBe(true)
    now = 500
    expect(window.admit('b')).toBe(true)
    // Full of fresh keys: a new one is refused, so a flood of distinct keys cannot grow it.
    expect(window.admit('c')).toBe(false)
    now = 1000
    // 'a' is stale now and makes room; 'b' is still remembered.
    expect(window.admit('c')).toBe(true)
    expect(window.admit('b')).toBe(false)
  })
})
