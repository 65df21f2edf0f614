/**
 * Plain SQL on either engine, for a service suite that sets up or looks where no port reaches (a
 * ground-truth row written by hand, a job's status). Written once with `?` placeholders and
 * literals both engines read (`true`/`false`, not 1/0). PostgreSQL's int8 and numeric arrive as
 * strings: read a count or an id with Number().
 */
import type { CoreStore } from '../../src/store'
import { pgOf, sqliteOf } from './test-index'

type Param = string | number | boolean | null | Buffer | Uint8Array

export interface TestSql {
  run(text: string, params?: Param[]): Promise<void>
  all<Row = Record<string, unknown>>(text: string, params?: Param[]): Promise<Row[]>
  get<Row = Record<string, unknown>>(text: string, params?: Param[]): Promise<Row | undefined>
}

export function testSql(store: CoreStore): TestSql {
  const all = store.engine === 'sqlite' ? sqliteAll(store) : pgAll(store)
  return {
    run: async (text, params = []) => void (await all(text, params)),
    all: (text, params = []) => all(text, params) as Promise<never[]>,
    get: async (text, params = []) => (await all(text, params))[0] as never,
  }
}

function sqliteAll(store: CoreStore) {
  const { sqlite } = sqliteOf(store)
  return async (text: string, params: Param[]): Promise<Record<string, unknown>[]> =>
    sqlite.query<Record<string, unknown>, Param[]>(text).all(...params.map((param) => (typeof param === 'boolean' ? Number(param) : param)))
}

function pgAll(store: CoreStore) {
  const sql = pgOf(store)
  return async (text: string, params: Param[]): Promise<Record<string, unknown>[]> => {
    let n = 0
    // A plain array: Bun.SQL's result list is a subclass, which toEqual and toMatchObject tell apart.
    return [
      ...(await sql.unsafe(
        text.replace(/\?/g, () => `$${++n}`),
        params,
      )),
    ]
  }
}
