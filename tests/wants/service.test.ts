/** Wants against a real index: matches recorded after ingest commits, through the pipeline listener. */
import { describe, expect, test } from 'bun:test'
import { openSqliteStore } from '../../src/store/sqlite'
import { parseImportLine } from '../../src/importer'
import type { ClassifiedItem } from '../../src/ingest'
import type { WantRegistration } from '../../src/vocabulary'
import { createWantRegistry, InvalidWantError, type WantsStore } from '../../src/wants'
import { hashOf } from '../support/search-index'
import { openTestIndex, quietLog, sqliteOf } from '../support/test-index'

async function openWants() {
  const index = openTestIndex()
  const wants = await createWantRegistry({ store: index.store.wants, log: quietLog })
  index.pipeline.onCommitted(({ classified }) => wants.onCommitted(classified))
  let n = 0
  const ingest = async (...items: (string | { name: string; files?: { path: string; size: number }[]; n?: number })[]) => {
    for (const entry of items) {
      const { name, files, n: number } = typeof entry === 'string' ? { name: entry, files: undefined, n: undefined } : entry
      const parsed = parseImportLine(JSON.stringify({ infoHash: hashOf(number ?? ++n), name, size: 1_000_000, files }))
      if (!parsed.ok) throw new Error(parsed.reason)
      index.pipeline.submit(parsed.item)
    }
    await index.pipeline.flush()
  }
  return { ...index, wants, ingest }
}

const DUNE: WantRegistration = { id: 'w-dune', query: 'dune part two', contentType: 'movie' }

describe('createWantRegistry', () => {
  test('a newly classified torrent holding every word, of the content type, is a match', async () => {
    const { wants, ingest } = await openWants()
    await wants.register([DUNE, { id: 'w-show', query: 'Shōgun', contentType: 'tv_show' }])
    await ingest(
      'Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP',
      'Dune.Part.One.2021.1080p.WEB-DL.x264-GRP',
      'Dune.Part.Two.S01E01.1080p.WEB-DL.x264-GRP',
      'SHŌGUN.2024.S01E03.720p.WEB.x264-GRP',
    )
    const matches = await wants.matchesAfter(0, 100)
    expect(matches.map((match) => [match.wantId, match.infoHash, match.title])).toEqual([
      ['w-dune', hashOf(1), 'Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP'],
      ['w-show', hashOf(4), 'SHŌGUN.2024.S01E03.720p.WEB.x264-GRP'],
    ])
    expect(Date.parse(matches[0]!.matchedAt)).toBeGreaterThan(Date.now() - 10_000)
  })

  test('a want keeps matching later torrents; the cursor and limit page through them in order', async () => {
    const { wants, ingest } = await openWants()
    await wants.register([DUNE])
    await ingest('Dune.Part.Two.2024.1080p.BluRay.x264-AAA')
    await ingest('Dune.Part.Two.2024.2160p.BluRay.x265-BBB', 'Dune.Part.Two.2024.720p.WEB.x264-CCC')
    const all = await wants.matchesAfter(0, 100)
    expect(all).toHaveLength(3)
    expect(all.map((match) => match.id)).toEqual([...all.map((match) => match.id)].sort((a, b) => a - b))
    expect((await wants.matchesAfter(all[0]!.id, 1)).map((match) => match.id)).toEqual([all[1]!.id])
    expect(await wants.matchesAfter(all[2]!.id, 100)).toEqual([])
  })

  test('no wants, an emptied set, or a want no longer registered: no matches', async () => {
    const { wants, ingest } = await openWants()
    await ingest('Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP')
    await wants.register([DUNE])
    await wants.register([])
    await ingest('Dune.Part.Two.2024.2160p.WEB-DL.x265-GRP')
    await wants.register([{ id: 'w-other', query: 'matrix', contentType: 'movie' }])
    await ingest('Dune.Part.Two.2024.720p.WEB-DL.x264-GRP')
    expect(await wants.matchesAfter(0, 100)).toEqual([])
  })

  test('a torrent re-classified when its files arrive is not matched twice', async () => {
    const index = await openWants()
    const { wants, ingest } = index
    await wants.register([DUNE])
    await ingest({ name: 'Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP', n: 7 })
    await ingest({ name: 'Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP', files: [{ path: 'dune.mkv', size: 1_000_000 }], n: 7 })
    expect(await wants.matchesAfter(0, 100)).toHaveLength(1)
    expect(index.db.sqlite.query('SELECT count(*) AS n FROM torrent_files').get()).toEqual({ n: 1 })
  })

  test('registered wants survive a restart of the service', async () => {
    const first = await openWants()
    await first.wants.register([DUNE])
    first.db.close()
    const store = openSqliteStore({ path: first.path }, { log: quietLog })
    const db = sqliteOf(store)
    const restarted = await createWantRegistry({ store: store.wants, log: quietLog })
    db.sqlite.run(
      "INSERT INTO torrents (info_hash, name, size, published_at, first_seen_at, updated_at) VALUES (zeroblob(20), 'x', 1, 1, 1, 1)",
    )
    const name = 'Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP'
    await restarted.onCommitted([{ torrentId: 1, item: { name }, classification: { contentType: 'movie' } } as ClassifiedItem])
    expect((await restarted.matchesAfter(0, 10)).map((match) => match.wantId)).toEqual(['w-dune'])
    db.close()
  })

  test('a deleted torrent takes its matches with it', async () => {
    const { wants, ingest, torrents } = await openWants()
    await wants.register([DUNE])
    await ingest('Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP')
    await torrents.operator.deleteAndBlock([hashOf(1)], 1)
    expect(await wants.matchesAfter(0, 100)).toEqual([])
  })

  test('a bad want names its field and changes nothing', async () => {
    const { wants, ingest } = await openWants()
    await wants.register([DUNE])
    const refused = async (list: WantRegistration[]) => {
      try {
        await wants.register(list)
      } catch (err) {
        if (err instanceof InvalidWantError) return err.field
        throw err
      }
      return null
    }
    expect(await refused([DUNE, { id: 'w-2', query: ' ... - ', contentType: 'movie' }])).toBe('wants[1].query')
    expect(await refused([{ id: '', query: 'x', contentType: 'movie' }])).toBe('wants[0].id')
    expect(await refused([DUNE, { ...DUNE, query: 'other' }])).toBe('wants[1].id')
    await ingest('Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP')
    expect(await wants.matchesAfter(0, 100)).toHaveLength(1)
  })
})

describe('createWantRegistry over a shared store', () => {
  test('a set another process stored is matched once the store says it changed', async () => {
    const index = openTestIndex()
    let changedElsewhere = () => {}
    const store: WantsStore = {
      ...index.store.wants,
      onExternalChange: (listener) => {
        changedElsewhere = listener
        return () => {}
      },
    }
    const wants = await createWantRegistry({ store, log: quietLog })
    await index.store.wants.replaceWants([DUNE])
    expect(wants.isWanted('Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP', 'movie')).toBe(false)
    changedElsewhere()
    for (let tries = 0; !wants.isWanted('Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP', 'movie'); tries++) {
      if (tries > 1000) throw new Error('the new set was not loaded')
      await Bun.sleep(5)
    }
  })

  test('registers that overlap on a slow store are stored and taken in turn: the matcher is the set stored last', async () => {
    const index = openTestIndex()
    const store: WantsStore = {
      ...index.store.wants,
      // Each write answers later, the first slowest, as a store over the network can.
      replaceWants: async (next) => {
        await Bun.sleep(next.length === 2 ? 50 : 0)
        return index.store.wants.replaceWants(next)
      },
    }
    const wants = await createWantRegistry({ store, log: quietLog })
    const matrix: WantRegistration = { id: 'w-matrix', query: 'matrix', contentType: 'movie' }
    await Promise.all([wants.register([DUNE, matrix]), wants.register([matrix])])
    expect(wants.isWanted('Dune.Part.Two.2024.1080p.WEB-DL.x264-GRP', 'movie')).toBe(false)
    expect(await index.store.wants.listWants()).toEqual([matrix])
  })
})
