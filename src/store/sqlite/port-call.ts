import { toStoreError } from '../errors'

type PortMethods<Methods> = {
  [Name in keyof Methods]: Methods[Name] extends (...args: infer Args) => infer Result ? (...args: Args) => Promise<Result> : never
}

/**
 * Synchronous SQLite methods as port methods: each call runs its statements (its whole
 * transaction) at once, never across an await, and answers with one settled Promise; an
 * engine's failure becomes a rejection with a StoreError.
 */
export function asPortMethods<Methods extends Record<string, (...args: never[]) => unknown>>(methods: Methods): PortMethods<Methods> {
  const port: Record<string, (...args: never[]) => Promise<unknown>> = {}
  for (const [name, method] of Object.entries(methods))
    port[name] = (...args) => {
      try {
        return Promise.resolve(method(...args))
      } catch (err) {
        return Promise.reject(toStoreError(err))
      }
    }
  return port as PortMethods<Methods>
}

/** For the cross-process listeners of a port: one process writes a SQLite index, so nothing ever changes elsewhere. */
export const neverCalled =
  (_listener: unknown): (() => void) =>
  () => {}
