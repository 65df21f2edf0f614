/**
 * The search's own plans on PostgreSQL (src/store/pg/search/match-plan.ts): on a partition of
 * 100,000 documents with ANALYZE's statistics, each query class takes the plan that reads least,
 * and every plan gives the planner's exact answer. The statements are recorded: a common word
 * probes only the newest window, and two common words that never meet, or a word common only in
 * old rows, finish with the bitmap instead of walking the table.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import type { TextMatch } from '../../../src/search'
import { parseTextQuery } from '../../../src/search/text-query'
import { migrateCoreIndex } from '../../../src/store/pg/migration-folder'
import { BITMAP_CAP, likelyMatches, newestMatches, PROBE_WINDOW } from '../../../src/store/pg/search/match-plan'
import { readPartitions } from '../../../src/store/pg/search/partition-stats'
import { createReadSession, type PlanMode, type ReadSession, SNAPSHOT_OPTIONS } from '../../../src/store/pg/search/read-session'
import { toTsQuery } from '../../../src/store/pg/search/tsquery'
import { freshPgSchema, pgSkipReason } from '../../support/pg-cluster'

const ROWS = 100_000
const skip = pgSkipReason()
const describePg = skip === null ? describe : describe.skip

interface Ran {
  mode: PlanMode
  text: string
  params: unknown[]
}

describePg(`the search's plans on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let sql: SQL

  beforeAll(async () => {
    sql = new SQL((await freshPgSchema('plans')).url, { max: 2 })
    await migrateCoreIndex(sql)
    // Every document holds `common`; `bluray` the even ids, `webdl` the odd ones (never together);
    // `rare` ten of them; `old` only the oldest fifth (a word common once, absent now); `night`
    // one in twenty; and 500 words of 0.2 % each, a vocabulary for ANALYZE to list.
    await sql.unsafe(`INSERT INTO torrent_search (torrent_id, document)
      SELECT i, ('common w' || (i % 500) || ' ' || CASE WHEN i % 2 = 0 THEN 'bluray' ELSE 'webdl' END
        || CASE WHEN i % 10000 = 0 THEN ' rare' ELSE '' END || CASE WHEN i <= ${ROWS / 5} THEN ' old' ELSE '' END
        || CASE WHEN i % 20 = 0 THEN ' night' ELSE '' END)::tsvector
      FROM generate_series(1, ${ROWS}) i`)
    await sql.unsafe('ANALYZE torrent_search_p0')
  }, 120_000)

  afterAll(() => sql?.close())

  /** The newest `wanted` matches by the store's plan, with the statements it ran; and the planner's own answer. */
  const run = (q: string, wanted = 501, facts: string[][] = []) =>
    sql.begin(SNAPSHOT_OPTIONS, async (tx) => {
      const match: TextMatch = { text: parseTextQuery(q), facts }
      const inner = createReadSession(tx)
      const ran: Ran[] = []
      const session: ReadSession = {
        query: (mode, text, params = []) => {
          ran.push({ mode, text, params })
          return inner.query(mode, text, params)
        },
      }
      const partitions = await readPartitions((text, params) => inner.query('planner', text, params))
      const ids = await newestMatches(session, async () => partitions, match, toTsQuery(match), null, wanted)
      const exact = (
        await tx.unsafe('SELECT torrent_id FROM torrent_search WHERE document @@ $1::tsquery ORDER BY torrent_id DESC LIMIT $2', [
          toTsQuery(match),
          wanted,
        ])
      ).map((row: { torrent_id: string }) => Number(row.torrent_id))
      const probed = ran
        .filter((statement) => statement.mode === 'probe')
        .reduce((ids, statement) => ids + Number(statement.params[2]) - Number(statement.params[1]), 0)
      return { ids, exact, ran, probed, bitmaps: ran.filter((statement) => statement.mode === 'bitmap').length }
    })

  test('a common word: the newest window of the id index, no bitmap', async () => {
    const plan = await run('common')
    expect(plan.ids).toEqual(plan.exact)
    expect(plan.ids).toHaveLength(501)
    expect(plan.probed).toBe(PROBE_WINDOW)
    expect(plan.bitmaps).toBe(0)
  })

  test('two common words that never meet: one window shows them sparse, the bitmap finishes (empty), the table is not walked', async () => {
    const plan = await run('bluray webdl')
    expect(plan.exact).toEqual([])
    expect(plan.ids).toEqual([])
    expect(plan.probed).toBe(PROBE_WINDOW)
    expect(plan.bitmaps).toBe(1)
  })

  test('a word common only in the oldest rows: the bitmap below the first window', async () => {
    const plan = await run('old')
    expect(plan.ids).toEqual(plan.exact)
    expect(plan.ids[0]).toBe(ROWS / 5)
    expect(plan.probed).toBeLessThanOrEqual(PROBE_WINDOW)
    expect(plan.bitmaps).toBe(1)
  })

  test('a rare word, and a rare word with a common one: the statistics bound it under the cap, the bitmap alone', async () => {
    for (const q of ['rare', 'rare common', '"rare" bluray']) {
      const plan = await run(q)
      expect(plan.ids).toEqual(plan.exact)
      expect(plan.ids.length).toBeGreaterThan(0)
      expect({ q, probed: plan.probed, bitmaps: plan.bitmaps }).toEqual({ q, probed: 0, bitmaps: 1 })
    }
  })

  test('a half-common word: probe windows growing until the matches wanted are found, the answer exact', async () => {
    const plan = await run('bluray', 20_000)
    expect(plan.ids).toEqual(plan.exact)
    expect(plan.ids).toHaveLength(20_000)
    expect(plan.probed).toBeLessThan(ROWS)
    expect(BITMAP_CAP).toBeGreaterThan(0)
  })

  test('a word in one document of twenty, more wanted than a window holds: the probe goes on, no bitmap of its every match', async () => {
    const plan = await run('night', 2001)
    expect(plan.ids).toEqual(plan.exact)
    expect(plan.ids).toHaveLength(2001)
    // 2,001 matches at 5 % are in the newest 40,020 ids: two windows, where the bitmap would read all 5,000.
    expect(plan.bitmaps).toBe(0)
    expect(plan.probed).toBeLessThanOrEqual(PROBE_WINDOW * 5)
  })

  test('the statistics tell about how many documents listed words hold; a word, prefix or phrase they do not list tells nothing', async () => {
    const partitions = await sql.begin(SNAPSHOT_OPTIONS, (tx) => {
      const session = createReadSession(tx)
      return readPartitions((text, params) => session.query('planner', text, params))
    })
    const likely = (q: string, facts: string[][] = []) => likelyMatches({ text: parseTextQuery(q), facts }, partitions)
    // ANALYZE samples: within a fifth of the truth.
    expect(likely('bluray')!).toBeWithin(ROWS * 0.4, ROWS * 0.6)
    expect(likely('common night')!).toBeWithin(ROWS * 0.04, ROWS * 0.06)
    for (const q of ['rare', 'blu*', '"common bluray"', 'common rare']) expect({ q, likely: likely(q) }).toEqual({ q, likely: null })
  })

  test('typed operators stay words: nothing a user types reaches the tsquery parser as syntax', async () => {
    for (const q of ['common & !bluray', 'common | rare', "common:A 'x", 'common <-> bluray', 'rare\\']) {
      const match: TextMatch = { text: parseTextQuery(q), facts: [] }
      const [row] = await sql.unsafe('SELECT $1::tsquery::text AS parsed', [toTsQuery(match)])
      expect({ q, parsed: row.parsed }).toEqual({ q, parsed: expect.not.stringMatching(/!|\|| <-> '(bluray|rare)'|:\*/) })
    }
    expect(toTsQuery({ text: parseTextQuery('rare'), facts: [['c5030', 'c5040'], ['s1e2']] })).toBe(
      "'rare' & ('=c5030' | '=c5040') & ('=s1e2')",
    )
    expect(toTsQuery({ text: parseTextQuery('"the night" zeph*'), facts: [] })).toBe("('the' <-> 'night') & 'zeph':*")
  })
})
