import { createImportSession } from '../../src/importer'
import { openDatabase } from '../../src/store/sqlite'
import { recordGrab, recordLabel } from './evidence-effects'
import type { openTestIndex } from './test-index'
import { expectedKey, readTorrentFixture, torrentFixtures } from './torrent-fixtures'

type TestIndex = ReturnType<typeof openTestIndex>

/** A JSON line of the import format, keyed by `n`. */
export const travelLine = (n: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    infoHash: n.toString(16).padStart(40, '0'),
    name: `Travel.Show.S01E${String(n % 90).padStart(2, '0')}.1080p.WEB-DL-GRP`,
    size: 1000 + n,
    ...extra,
  })

const zNation = expectedKey(torrentFixtures.find((fixture) => fixture.file === 'z-nation-s01e12.torrent')!)
const sintel = expectedKey(torrentFixtures.find((fixture) => fixture.file === 'sintel.torrent')!)

/**
 * Fills an index with torrents that differ in every field an export carries: the real .torrent
 * corpus (a private one, padding gaps in file indexes, a v2-only and a hybrid), lines without
 * files, with a partial file list, swarm counts, two sources, a name in several scripts; a label
 * from an *arr app with its ids, operator tags beside a rule's, and grabs.
 */
export async function fillTravelIndex(index: TestIndex): Promise<void> {
  const session = createImportSession({
    pipeline: index.pipeline,
    onRejected: (rejection) => {
      throw new Error(`${rejection.origin}: ${rejection.reason}`)
    },
  })
  for (const fixture of torrentFixtures) session.addTorrentFile(readTorrentFixture(fixture.file), fixture.file)
  const lines = [
    travelLine(1, { publishedAt: '2021-05-06T07:08:09Z', seeders: 12, leechers: 0, source: 'dht' }),
    travelLine(2, { name: 'Ünïcødé 日本語 — «Name» with \'quotes\' & "more".2019.1080p', files: [{ path: ['Dir', 'Ünï.mkv'], size: 5 }] }),
    travelLine(3, {
      files: [
        { path: 'a.mkv', size: 1 },
        { path: 'b.srt', size: 2 },
      ],
      filesCount: 7,
    }),
    travelLine(4, { leechers: 3 }),
  ]
  for (const [i, line] of lines.entries()) session.addJsonLine(line, `line ${i + 1}`)
  session.addJsonLine(travelLine(1, { source: 'later-dump', publishedAt: '2023-01-01T00:00:00Z' }), 'line 5')
  await session.finish()

  await recordLabel(
    index.store,
    zNation,
    {
      contentType: 'tv_show',
      title: 'Z Nation',
      year: 2014,
      seasons: [1],
      episodes: [12],
      imdb: 'tt3843168',
      tmdb: 60948,
      tvdb: 280494,
      tvmaze: 184,
    },
    'sonarr-main',
    1_700_000_000,
  )
  await index.torrents.reclassifier.run({ infoHashes: [zNation] })
  await index.torrents.operator.putTags([zNation, sintel], ['kids', 'keep'], false)
  for (let i = 0; i < 3; i++) await recordGrab(index.store, sintel, 0.1)
  await recordGrab(index.store, zNation, 0.1)
}

/**
 * Every field an export carries, per info hash, read from an index file: the torrent, its files,
 * its first source, its classification, label, ids, tags (the operator's and the rules') and grabs.
 * A hybrid's v2 hash is left out: it stays behind on purpose (carried-fields.ts).
 */
export function snapshotIndex(path: string): Record<string, unknown> {
  const db = openDatabase(path, { readonly: true })
  const query = (sql: string) => db.sqlite.query(sql).all() as Record<string, unknown>[]
  const torrents = query(
    `SELECT t.id, lower(hex(t.info_hash)) AS info_hash, lower(hex(t.info_hash_v2)) AS info_hash_v2, t.name, t.size, t.private,
       t.files_count, t.seeders, t.leechers, t.published_at, t.grabs, c.content_type, c.status, c.categories, c.confidence,
       c.title, c.year, c.seasons, c.episodes, c.imdb_id, c.tmdb_id, c.tvdb_id, c.tvmaze_id
     FROM torrents t LEFT JOIN torrent_classifications c ON c.torrent_id = t.id`,
  )
  const files = query('SELECT torrent_id, file_index, path, size, extension, file_type FROM torrent_files ORDER BY torrent_id, file_index')
  const sources = query(
    `SELECT ts.torrent_id, s.key FROM torrent_sources ts JOIN sources s ON s.id = ts.source_id
     ORDER BY ts.torrent_id, ts.published_at, ts.source_id`,
  )
  const tags = query('SELECT torrent_id, tag, by_rule FROM torrent_tags ORDER BY torrent_id, tag')
  const labels = query(
    `SELECT lower(hex(info_hash)) AS info_hash, content_type, title, year, seasons, episodes, imdb_id, tmdb_id, tvdb_id, tvmaze_id,
       labelled_by, labelled_at FROM ground_truth_labels`,
  )
  db.close()
  const snapshot: Record<string, unknown> = {}
  for (const { id, info_hash, info_hash_v2, ...torrent } of torrents) {
    const hash = info_hash as string
    const v2 = info_hash_v2 as string
    snapshot[hash] = {
      ...torrent,
      v2OnlyHash: v2.startsWith(hash) ? v2 : null,
      files: files.filter((file) => file.torrent_id === id).map(({ torrent_id, ...file }) => file),
      source: sources.find((source) => source.torrent_id === id)?.key ?? null,
      tags: tags.filter((tag) => tag.torrent_id === id).map(({ torrent_id, ...tag }) => tag),
      label: labels.find((label) => label.info_hash === hash) ?? null,
    }
  }
  return snapshot
}
