/**
 * PostgreSQL beside SQLite for bench/search.ts (issue 36): the bench's SQLite index copied into a
 * PostgreSQL schema (the same rows, ids and classifications; the search documents built as the
 * PostgreSQL writer builds them), then the same Torznab queries answered in this process by the search service
 * over each engine's search reader, as a search thread answers them: p50/p99 per class, both
 * columns side by side.
 */
import { Database } from 'bun:sqlite'
import { SQL } from 'bun'
import type { Classification } from '../src/classify'
import { loadConfig } from '../src/config'
import { createSearchService } from '../src/search'
import { openSearchReader } from '../src/store'
import { migrateCoreIndex } from '../src/store/pg/migration-folder'
import { searchDocumentOf } from '../src/store/pg/search-document'
import { PARSED_COLUMNS } from '../src/store/pg/search/torrent-details'
import { createThreadAnswer } from '../src/torznab'

const BATCH = 5_000

/** The app's URL with a search_path (libpq's `options`). */
export function withSchema(url: string, schema: string): string {
  const target = new URL(url)
  target.searchParams.set('options', `-c search_path=${schema}`)
  return target.toString()
}

const CLASSIFICATION_COLUMNS = [
  'torrent_id',
  'content_type',
  'categories',
  'confidence',
  'status',
  'fired_rules',
  ...PARSED_COLUMNS,
  'classified_at',
]
const CLASSIFICATION_TYPES: Record<string, string> = {
  torrent_id: 'int8',
  confidence: 'float4',
  year: 'int4',
  tmdb_id: 'int8',
  tvdb_id: 'int8',
  tvmaze_id: 'int8',
  classified_at: 'int8',
}

/** Copies the SQLite bench index into `schema` (created and migrated) unless it holds the rows already. */
export async function copyIndexToPg(dbPath: string, url: string, schema: string): Promise<void> {
  const admin = new SQL(url, { max: 1 })
  await admin.unsafe(`CREATE SCHEMA IF NOT EXISTS ${schema}`)
  await admin.close()
  const sql = new SQL(withSchema(url, schema), { max: 2 })
  try {
    await migrateCoreIndex(sql)
    const db = new Database(dbPath, { readonly: true })
    const total = (db.query('SELECT count(*) AS n FROM torrents').get() as { n: number }).n
    const [{ n }] = await sql`SELECT count(*) AS n FROM torrents`
    if (Number(n) === total) return
    if (Number(n) > 0) throw new Error(`schema ${schema} holds ${n} torrents, the index ${total}: drop the schema`)
    const start = performance.now()
    let done = 0
    for (let after = 0; ; ) {
      const torrents = db
        .query(
          `SELECT id, info_hash, name, size, files_count, seeders, published_at, first_seen_at, updated_at FROM torrents WHERE id > ? ORDER BY id LIMIT ${BATCH}`,
        )
        .all(after) as Record<string, unknown>[]
      if (torrents.length === 0) break
      const last = torrents.at(-1)!.id as number
      const classifications = db
        .query(`SELECT ${CLASSIFICATION_COLUMNS.join(', ')} FROM torrent_classifications WHERE torrent_id > ? AND torrent_id <= ?`)
        .all(after, last) as Record<string, unknown>[]
      const column = <T>(rows: Record<string, unknown>[], name: string) => rows.map((row) => row[name] as T)
      await sql.begin(async (tx) => {
        await tx.unsafe(
          `INSERT INTO torrents (id, info_hash, name, size, files_count, seeders, published_at, first_seen_at, updated_at)
           SELECT * FROM unnest($1::int8[], $2::bytea[], $3::text[], $4::int8[], $5::int4[], $6::int4[], $7::int8[], $8::int8[], $9::int8[])`,
          ['id', 'info_hash', 'name', 'size', 'files_count', 'seeders', 'published_at', 'first_seen_at', 'updated_at'].map((name) =>
            column(torrents, name),
          ),
        )
        await tx.unsafe(
          `INSERT INTO torrent_classifications (${CLASSIFICATION_COLUMNS.join(', ')}) SELECT * FROM unnest(${CLASSIFICATION_COLUMNS.map(
            (name, i) => `$${i + 1}::${CLASSIFICATION_TYPES[name] ?? 'text'}[]`,
          ).join(', ')})`,
          CLASSIFICATION_COLUMNS.map((name) => column(classifications, name)),
        )
        const published = new Map(torrents.map((row) => [row.id as number, row.published_at as number]))
        const names = new Map(torrents.map((row) => [row.id as number, row.name as string]))
        const keys = classifications.flatMap((row) =>
          (JSON.parse(row.categories as string) as number[]).map((category) => [
            category,
            published.get(row.torrent_id as number)!,
            row.torrent_id,
          ]),
        )
        await tx.unsafe(
          'INSERT INTO torrent_categories SELECT * FROM unnest($1::int4[], $2::int8[], $3::int8[])',
          [0, 1, 2].map((i) => keys.map((key) => key[i])),
        )
        const documents = classifications.map((row) =>
          searchDocumentOf(names.get(row.torrent_id as number)!, {
            categories: JSON.parse(row.categories as string),
            parsed: {
              title: row.title,
              seasons: JSON.parse(row.seasons as string),
              episodes: JSON.parse(row.episodes as string),
              airDate: row.air_date,
            },
          } as Pick<Classification, 'categories' | 'parsed'>),
        )
        await tx.unsafe('INSERT INTO torrent_search SELECT * FROM unnest($1::int8[], $2::tsvector[])', [
          column(classifications, 'torrent_id'),
          documents,
        ])
      })
      done += torrents.length
      after = last
      if (done % 100_000 < BATCH)
        console.log(`  copied ${done} to PostgreSQL (${Math.round(done / ((performance.now() - start) / 1000))}/s)`)
    }
    db.close()
    await sql`SELECT setval(pg_get_serial_sequence('torrents', 'id'), (SELECT max(id) FROM torrents))`
    await sql.unsafe('ANALYZE')
    console.log(`copied ${done} torrents to PostgreSQL in ${((performance.now() - start) / 1000).toFixed(0)} s`)
  } finally {
    await sql.close()
  }
}

const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9)

/**
 * The same Torznab queries on both engines, each through the search service over its engine's
 * reader (SQLite: the index file; PostgreSQL: the schema on the primary), one at a time, after a
 * warm-up. Prints p50/p99 per class and overall, and PostgreSQL's p99 against SQLite's.
 */
export async function compareEngines(
  dbPath: string,
  pgUrl: string,
  queries: { kind: string; torznab: string }[],
  warmUp: { torznab: string }[],
) {
  const config = loadConfig({})
  const answer = createThreadAnswer({ version: 'bench', baseUrl: 'http://127.0.0.1' })
  const engines = [
    { name: 'SQLite', spec: { engine: 'sqlite' as const, path: dbPath, cacheSizeMb: config.search.cacheSizeMb } },
    { name: 'PostgreSQL', spec: { engine: 'postgres' as const, url: pgUrl, readUrls: [], maxConnections: 2 } },
  ]
  const latencies = new Map<string, number[]>()
  for (const { name, spec } of engines) {
    const reader = await openSearchReader(spec)
    const search = createSearchService({ store: reader, weights: config.search.weights, timeoutMs: 60_000 })
    try {
      for (const query of warmUp) await answer(query.torznab, false, search)
      const times: number[] = []
      let refused = 0
      for (const query of queries) {
        const start = performance.now()
        const reply = await answer(query.torznab, false, search)
        times.push(performance.now() - start)
        if (reply.type !== 'answered') refused++
      }
      latencies.set(name, times)
      if (refused > 0) console.log(`${name}: ${refused} queries refused`)
    } finally {
      await reader.close()
    }
  }
  const [lite, pg] = [latencies.get('SQLite')!, latencies.get('PostgreSQL')!]
  console.log(`Torznab answers in-process (search service + Torznab rendering, no HTTP), ${queries.length} queries, one at a time`)
  console.log(`${'class'.padEnd(16)}   n |  SQLite p50      p99 | PostgreSQL p50      p99 | p99 ratio`)
  const line = (label: string, keep: (i: number) => boolean) => {
    const [a, b] = [lite.filter((_, i) => keep(i)), pg.filter((_, i) => keep(i))]
    console.log(
      `  ${label.padEnd(14)} ${String(a.length).padStart(3)} |${ms(pct(a, 0.5))} ${ms(pct(a, 0.99))} |    ${ms(pct(b, 0.5))} ${ms(pct(b, 0.99))} | ${(pct(b, 0.99) / Math.max(pct(a, 0.99), 0.001)).toFixed(2)}`,
    )
  }
  line('all', () => true)
  for (const kind of new Set(queries.map((query) => query.kind))) line(kind, (i) => queries[i]!.kind === kind)
  const slowest = queries.map((query, i) => ({ query, took: pg[i]! })).sort((a, b) => b.took - a.took)
  for (const { query, took } of slowest.slice(0, 5)) console.log(`  slowest on PostgreSQL: ${ms(took)}  ${query.kind}  ${query.torznab}`)
}
