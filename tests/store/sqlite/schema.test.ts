import { describe, expect, test } from 'bun:test'
import { getTableConfig } from 'drizzle-orm/sqlite-core'
import { join } from 'node:path'
import { openIndex, schema } from '../../../src/store/sqlite'
import { makeTempDir } from '../../support/temp-dir'
import { quietLog } from '../../support/test-index'

describe('drizzle schema', () => {
  test('names exactly the tables and columns the migrations create', () => {
    const db = openIndex(join(makeTempDir(), 'schema.db'), quietLog)
    for (const table of Object.values(schema)) {
      const config = getTableConfig(table)
      const columns = db.sqlite.query(`SELECT name, "notnull" AS not_null FROM pragma_table_info(?)`).all(config.name) as {
        name: string
        not_null: number
      }[]
      expect({ table: config.name, columns: columns.map((c) => c.name).sort() }).toEqual({
        table: config.name,
        columns: config.columns.map((c) => c.name).sort(),
      })
      for (const column of config.columns) {
        const actual = columns.find((c) => c.name === column.name)!
        // Primary keys are NOT NULL in SQLite only when declared so; compare declared columns.
        if (!column.primary)
          expect({ column: `${config.name}.${column.name}`, notNull: actual.not_null === 1 }).toEqual({
            column: `${config.name}.${column.name}`,
            notNull: column.notNull,
          })
      }
    }
    db.close()
  })

  test('can read through drizzle what the ingest wrote', async () => {
    const db = openIndex(join(makeTempDir(), 'orm.db'), quietLog)
    db.sqlite.run(
      "INSERT INTO torrents (info_hash, name, size, published_at, first_seen_at, updated_at) VALUES (zeroblob(20), 'x', 5, 1, 2, 3)",
    )
    const rows = await db.orm.select().from(schema.torrents)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: 'x', size: 5, isPrivate: false, filesCount: null, publishedAt: 1 })
    db.close()
  })
})
