import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CoreStore } from '../../src/store'
import type { EngineUnderTest } from './engines'
import { openServiceIndex, refuseSqliteBesidePostgres, runCli, startService, type RunningService } from './processes'
import { testSql } from './test-sql'
import { TORRENT_FIXTURES_DIR } from './torrent-fixtures'

export const FEED_KEY = 'feed-test-key-0123456789'
const DAY = 86_400
const NOW = Math.floor(Date.now() / 1000)

const hash = (n: number) => `fe${n.toString(16).padStart(38, '0')}`

/** Releases a Sonarr/Radarr/Prowlarr session asks about, with the ids an *arr client would confirm. */
export const FEED_RELEASES = {
  breakingBadS01E02: { infoHash: hash(1), name: 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND', seeders: 12, leechers: 3 },
  breakingBad1x02: { infoHash: hash(2), name: 'Breaking Bad 1x02 Cats in the Bag HDTV XviD-FQM' },
  breakingBadSeason1: { infoHash: hash(3), name: 'Breaking.Bad.S01.1080p.BluRay.x264-ROVERS' },
  breakingBadS02E02: { infoHash: hash(4), name: 'Breaking.Bad.S02E02.720p.HDTV.x264-ORENJI' },
  dailyShow: { infoHash: hash(5), name: 'The.Daily.Show.2026.11.22.Guest.Name.720p.WEB.h264-EDITH' },
  doctorWhoSpecial: { infoHash: hash(6), name: 'Doctor.Who.2005.S00E05.The.Runaway.Bride.720p.BluRay.x264-GRP' },
  animeEpisode5: { infoHash: hash(7), name: '[SubsPlease] Boku no Hero Academia - 05 (1080p) [A1B2C3D4].mkv' },
  animeEpisode6: { infoHash: hash(8), name: '[SubsPlease] Boku no Hero Academia - 06 (1080p) [E5F6A7B8].mkv' },
  matrix2160: { infoHash: hash(9), name: 'The.Matrix.1999.2160p.UHD.BluRay.x265-GRP' },
  matrix1080: { infoHash: hash(10), name: 'The.Matrix.1999.1080p.BluRay.x264-GRP', seeders: 40, leechers: 2 },
  frenchMovie: { infoHash: hash(11), name: 'Le.Grand.Bleu.1988.FRENCH.1080p.BluRay.x264-GRP' },
  hostileName: { infoHash: hash(12), name: 'Bad\u0001Name <b>&"quotes"\ud800 100% #1.S03E01.720p.HDTV.x264-GRP' },
}

/** More TV episodes, one a minute apart, so RSS paging has pages to turn. */
const fillerEpisodes = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    infoHash: hash(1000 + i),
    name: `Filler.Show.S${String(1 + (i % 9)).padStart(2, '0')}E${String(1 + (i % 20)).padStart(2, '0')}.${i % 2 ? '720p' : '1080p'}.WEB-DL.x264-GRP${i}`,
    publishedAt: NOW - DAY - i * 60,
  }))

interface Label {
  infoHash: string
  contentType: string
  title: string
  seasons?: number[]
  episodes?: number[]
  imdb?: string
  tmdb?: number
  tvdb?: number
  tvmaze?: number
}

/** What Sonarr/Radarr would have confirmed after importing (the evidence issue writes these rows). */
const LABELS: Label[] = [
  {
    infoHash: FEED_RELEASES.breakingBadS01E02.infoHash,
    contentType: 'tv_show',
    title: 'Breaking Bad',
    seasons: [1],
    episodes: [2],
    imdb: 'tt0903747',
    tvdb: 81189,
    tvmaze: 169,
  },
  {
    infoHash: FEED_RELEASES.breakingBadS02E02.infoHash,
    contentType: 'tv_show',
    title: 'Breaking Bad',
    seasons: [2],
    episodes: [2],
    imdb: 'tt0903747',
    tvdb: 81189,
    tvmaze: 169,
  },
  { infoHash: FEED_RELEASES.animeEpisode5.infoHash, contentType: 'tv_show', title: 'My Hero Academia', episodes: [5], tvdb: 305074 },
  { infoHash: FEED_RELEASES.animeEpisode6.infoHash, contentType: 'tv_show', title: 'My Hero Academia', episodes: [6], tvdb: 305074 },
  { infoHash: FEED_RELEASES.matrix2160.infoHash, contentType: 'movie', title: 'The Matrix', imdb: 'tt0133093', tmdb: 603 },
  { infoHash: FEED_RELEASES.matrix1080.infoHash, contentType: 'movie', title: 'The Matrix', imdb: 'tt0133093', tmdb: 603 },
]

export interface FeedService extends RunningService {
  dataDir: string
  url(query: string, path?: string): string
  /** Opens the index the service keeps, beside it (close it when done). */
  openIndex(): Promise<CoreStore>
  /** Kills the service and removes its data folder. */
  stop(): void
}

/**
 * A running service over an index built the way a user builds one: `cli import` of the real
 * corpus torrents and a JSON Lines dump, then ground-truth labels and `cli reclassify`. The index
 * is on `engine`: the service and both CLI runs get the same DATABASE_URL on PostgreSQL.
 */
export async function startFeedService(
  engine: EngineUnderTest,
  vars: Record<string, string> = {},
  fillerCount = 250,
): Promise<FeedService> {
  // Its own folder, removed by stop(): started from a beforeAll, it must outlive the first test.
  const dataDir = mkdtempSync(join(tmpdir(), 'indexer-feed-'))
  const env = { DATA_DIR: dataDir, TORZNAB_API_KEY: FEED_KEY, ...(await engine.serviceVars()), ...vars }
  const service = await startService(env)
  const dump = join(dataDir, 'dump.jsonl')
  const releases = Object.values(FEED_RELEASES).map((release, i) => ({
    ...release,
    size: 1_000_000_000 + i,
    publishedAt: NOW - 3600 * (i + 1),
  }))
  writeFileSync(
    dump,
    [...releases, ...fillerEpisodes(fillerCount).map((filler) => ({ ...filler, size: 700_000_000 }))]
      .map((line) => JSON.stringify(line))
      .join('\n'),
  )
  const imported = await runCli(['import', TORRENT_FIXTURES_DIR, dump], env)
  if (imported.exitCode !== 0) throw new Error(`fixture import failed: ${imported.stderr}`)
  const openIndex = () => openServiceIndex(env)
  await writeLabels(await openIndex())
  const reclassified = await runCli(['reclassify', '--all'], env)
  if (reclassified.exitCode !== 0) throw new Error(`fixture reclassify failed: ${reclassified.stderr}`)
  refuseSqliteBesidePostgres(env)
  return {
    ...service,
    dataDir,
    url: (query, path = '/torznab/api') => `${service.baseUrl}${path}?${query}`,
    openIndex,
    stop() {
      service.child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function writeLabels(store: CoreStore): Promise<void> {
  try {
    const sql = testSql(store)
    for (const label of LABELS) {
      await sql.run(
        `INSERT INTO ground_truth_labels (info_hash, content_type, title, seasons, episodes, imdb_id, tmdb_id, tvdb_id, tvmaze_id, labelled_by, labelled_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'test', 0)`,
        [
          Buffer.from(label.infoHash, 'hex'),
          label.contentType,
          label.title,
          JSON.stringify(label.seasons ?? []),
          JSON.stringify(label.episodes ?? []),
          label.imdb ?? null,
          label.tmdb ?? null,
          label.tvdb ?? null,
          label.tvmaze ?? null,
        ],
      )
    }
  } finally {
    await store.close()
  }
}
