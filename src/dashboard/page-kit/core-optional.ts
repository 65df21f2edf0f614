import { CoreQueryError, CoreUnavailableError } from '../core-client'

/** What a page read from the core: the value, or `fallback` and whether the core was away. */
export interface CoreRead<T> {
  value: T
  isCoreUnavailable: boolean
}

/**
 * Runs one read a page needs from the core. A page still renders when the core is away (DESIGN.md
 * 5: a banner, nothing crashes) or answers an error (a core of another version): `fallback` stands
 * in. Anything else is a bug and is thrown.
 */
export async function readFromCore<T>(read: () => Promise<T>, fallback: T): Promise<CoreRead<T>> {
  try {
    return { value: await read(), isCoreUnavailable: false }
  } catch (err) {
    if (err instanceof CoreUnavailableError) return { value: fallback, isCoreUnavailable: true }
    if (err instanceof CoreQueryError) return { value: fallback, isCoreUnavailable: false }
    throw err
  }
}
