/**
 * Content enrichment benchmark (issue 19), against the fake TMDB on loopback:
 * 1. titles resolved per minute at the default SERVICE_ARTWORK_RATE (10 requests/s), over a
 *    backlog bigger than the run, with the API answering at once and after 150 ms;
 * 2. the share of a 10,000-release import of mixed real-looking names (scene, p2p and lowercase
 *    styles; films, episodes and season packs; works the catalogue has and has not; look-alikes
 *    and music, software and books) that resolves, and how many resolve to the right work.
 *   bun bench/enrichment.ts [seconds per rate run, default 30]
 * SHOW_WRONG=1 lists each release resolved to the wrong work, or missed though its work is there.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadClassifier } from '../src/classify'
import { loadConfig } from '../src/config'
import { openSqliteStore } from '../src/store/sqlite'
import { createContentResolver, createRequestPacer, createTmdbClient } from '../src/enrichment'
import { parseImportLine } from '../src/importer'
import { createIngestPipeline } from '../src/ingest'
import { createLogger } from '../src/log'
import { benchTorrentWrites } from './support/bench-index'
import { type FakeWork, startFakeTmdb } from '../tests/support/fake-tmdb'
import { createRandom, type Random } from '../tests/support/seeded-random'

const KEY = 'bench-artwork-key-0123456789'
const seconds = Number(Bun.argv[2] ?? 30)
const log = createLogger({ level: 'error', sink: () => {} })
const defaultRate = loadConfig({}).dashboard.artworkRatePerSecond

// Real works, with the years TMDB gives them.
const MOVIES: [string, number][] = [
  ['The Matrix', 1999],
  ['Inception', 2010],
  ['Interstellar', 2014],
  ['Dune', 2021],
  ['Dune Part Two', 2024],
  ['Oppenheimer', 2023],
  ['Barbie', 2023],
  ['Parasite', 2019],
  ['Joker', 2019],
  ['The Dark Knight', 2008],
  ['Fight Club', 1999],
  ['Pulp Fiction', 1994],
  ['Heat', 1995],
  ['Arrival', 2016],
  ['Blade Runner 2049', 2017],
  ['Mad Max Fury Road', 2015],
  ['Gladiator', 2000],
  ['Alien', 1979],
  ['Aliens', 1986],
  ['Prometheus', 2012],
  ['The Godfather', 1972],
  ['Goodfellas', 1990],
  ['Se7en', 1995],
  ['Memento', 2000],
  ['The Prestige', 2006],
  ['Tenet', 2020],
  ['Dunkirk', 2017],
  ['Past Lives', 2023],
  ['Everything Everywhere All at Once', 2022],
  ['The Batman', 2022],
  ['Top Gun Maverick', 2022],
  ['Avatar', 2009],
  ['Avatar The Way of Water', 2022],
  ['Amelie', 2001],
  ['Spirited Away', 2001],
  ['Your Name', 2016],
  ['The Social Network', 2010],
  ['Gone Girl', 2014],
  ['Zodiac', 2007],
  ['No Country for Old Men', 2007],
  ['There Will Be Blood', 2007],
  ['Her', 2013],
  ['Drive', 2011],
  ['Whiplash', 2014],
  ['La La Land', 2016],
  ['Moonlight', 2016],
  ['Get Out', 2017],
  ['Us', 2019],
  ['Nope', 2022],
  ['Poor Things', 2023],
]
const SERIES: [string, number][] = [
  ['Breaking Bad', 2008],
  ['Better Call Saul', 2015],
  ['The Wire', 2002],
  ['The Sopranos', 1999],
  ['Game of Thrones', 2011],
  ['House of the Dragon', 2022],
  ['The Last of Us', 2023],
  ['Severance', 2022],
  ['The Bear', 2022],
  ['Succession', 2018],
  ['Fargo', 2014],
  ['True Detective', 2014],
  ['Dark', 2017],
  ['Stranger Things', 2016],
  ['The Mandalorian', 2019],
  ['Andor', 2022],
  ['Chernobyl', 2019],
  ['Sherlock', 2010],
  ['Mr Robot', 2015],
  ['Westworld', 2016],
  ['The Boys', 2019],
  ['Shogun', 2024],
  ['Slow Horses', 2022],
  ['Ted Lasso', 2020],
  ['Mad Men', 2007],
  ['Lost', 2004],
  ['The Expanse', 2015],
  ['Fallout', 2024],
  ['The Crown', 2016],
  ['Peaky Blinders', 2013],
]
// Works the catalogue does not have, and look-alikes of those it has.
const UNKNOWN_MOVIES: [string, number][] = [
  ['The Matrix Rebooted', 2031],
  ['Dune Messiah', 2026],
  ['Silent Harbor', 2019],
  ['Glass Orchard', 2021],
]
const UNKNOWN_SERIES = ['Breaking Good', 'The Quiet Coast', 'Iron Meridian', 'Stranger Thingz']
const OTHER = [
  'Pink.Floyd-The.Dark.Side.of.the.Moon-2011.Remaster-FLAC-2011-GRP',
  'Adobe.Photoshop.2024.v25.0.x64-GRP',
  'Brandon.Sanderson-Mistborn.The.Final.Empire.EPUB',
  'Ubuntu-24.04-desktop-amd64.iso',
  'Radiohead - OK Computer (1997) [MP3 320]',
]

// TMDB ids in the fake catalogue: movies from 1000, series from 5000; a popular look-alike per work.
let nextId = 1000
const catalogue: { movie: FakeWork[]; tv: FakeWork[] } = { movie: [], tv: [] }
for (const [title, year] of MOVIES)
  catalogue.movie.push({ id: nextId++, title, date: `${year}-06-01`, imdbId: `tt${9000000 + nextId}`, popularity: 50 })
nextId = 5000
for (const [title, year] of SERIES)
  catalogue.tv.push({
    id: nextId++,
    title,
    date: `${year}-01-15`,
    imdbId: `tt${8000000 + nextId}`,
    tvdbId: 300000 + nextId,
    popularity: 80,
  })
catalogue.movie.push(
  { id: 999, title: 'The Matrix Resurrections', date: '2021-12-16', popularity: 30 },
  { id: 998, title: 'Dune', date: '1984-12-14', popularity: 20 },
)

const STYLES = [
  (words: string, tail: string) => `${words.replaceAll(' ', '.')}.${tail}`,
  (words: string, tail: string) => `${words} ${tail.replaceAll('.', ' ')}`,
  (words: string, tail: string) => `${words.toLowerCase().replaceAll(' ', '.')}.${tail.toLowerCase()}`,
  (words: string, tail: string) => `[${words}] ${tail.replaceAll('.', ' ')}`,
]
const QUALITY = [
  '1080p.BluRay.x264-SPARKS',
  '2160p.WEB-DL.DDP5.1.HDR.H.265-FLUX',
  '720p.WEBRip.x264-GalaxyRG',
  '1080p.WEB.H264-NTb',
  '480p.DVDRip.XviD-EVO',
]

/** One release name and the TMDB id it should resolve to (null: it should not). */
function release(random: Random): { name: string; expected: number | null } {
  const style = random.pick(STYLES)
  const roll = random.next()
  if (roll < 0.4) {
    const work = random.pick(catalogue.movie.slice(0, MOVIES.length))
    const year = Number(work.date.slice(0, 4)) + (random.next() < 0.1 ? 1 : 0)
    return { name: style(work.title, `${year}.${random.pick(QUALITY)}`), expected: work.id }
  }
  if (roll < 0.75) {
    const work = random.pick(catalogue.tv)
    const marker = random.next() < 0.2 ? `S${pad(random.int(1, 6))}` : `S${pad(random.int(1, 6))}E${pad(random.int(1, 12))}`
    return { name: style(work.title, `${marker}.${random.pick(QUALITY)}`), expected: work.id }
  }
  if (roll < 0.85) {
    const [title, year] = random.pick(UNKNOWN_MOVIES)
    return { name: style(title, `${year}.${random.pick(QUALITY)}`), expected: null }
  }
  if (roll < 0.93)
    return {
      name: style(random.pick(UNKNOWN_SERIES), `S0${random.int(1, 4)}E0${random.int(1, 9)}.${random.pick(QUALITY)}`),
      expected: null,
    }
  return { name: random.pick(OTHER), expected: null }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A distinct pronounceable word per number (digits in a title would read as episode numbers). */
function inventedWord(n: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ra', 'tu', 've', 'zo', 'ne', 'pi', 'sa']
  let word = ''
  for (let rest = n; word.length === 0 || rest > 0; rest = Math.floor(rest / 10)) word += syllables[rest % 10]
  return word[0]!.toUpperCase() + word.slice(1)
}

function openBenchIndex(dir: string) {
  const store = openSqliteStore({ path: join(dir, 'index.db') }, { log })
  const db = store.connection
  const pipeline = createIngestPipeline({ writer: benchTorrentWrites(db).ingest, batchSize: 1000, flushIntervalMs: 60_000, log })
  let n = 0
  const add = async (names: string[]) => {
    for (const name of names) {
      const parsed = parseImportLine(
        JSON.stringify({ infoHash: (++n).toString(16).padStart(40, '0'), name, size: 2_000_000_000, publishedAt: 1_700_000_000 + n }),
      )
      if (parsed.ok) await pipeline.submit(parsed.item)
    }
    await pipeline.flush()
  }
  return { db, store, add }
}

async function resolvedPerMinute(rate: number, latencyMs: number): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-enrichment-'))
  // A backlog the run cannot finish: a distinct film per release, half of them in the catalogue.
  const works = Array.from({ length: 5_000 }, (_, i) => ({
    id: 20_000 + i,
    title: `The ${inventedWord(i)} Affair`,
    date: '2010-05-05',
    popularity: 5,
  }))
  const tmdb = startFakeTmdb({ movie: works.filter((_, i) => i % 2 === 0), tv: [] }, KEY, { latencyMs })
  const { db, store, add } = openBenchIndex(dir)
  await add(works.map((work) => `${work.title.replaceAll(' ', '.')}.2010.1080p.BluRay.x264-GRP`))
  const resolver = createContentResolver({
    store: store.enrichment,
    tmdb: createTmdbClient({ baseUrl: tmdb.baseUrl, pacer: createRequestPacer(rate), timeoutMs: 10_000 }),
    apiKey: () => KEY,
    log,
  })
  resolver.start()
  await Bun.sleep(seconds * 1000)
  await resolver.stop()
  const { resolved, notFound } = await store.enrichment.counts()
  const requests = tmdb.requests.length
  tmdb.stop()
  db.close()
  rmSync(dir, { recursive: true, force: true })
  console.log(
    `  rate ${rate}/s, API latency ${latencyMs} ms: ${resolved + notFound} titles settled in ${seconds} s (${resolved} found, ${notFound} not found), ${requests} requests (${(requests / seconds).toFixed(1)}/s)`,
  )
  return ((resolved + notFound) / seconds) * 60
}

async function shareResolved(count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-enrichment-'))
  const tmdb = startFakeTmdb(catalogue, KEY)
  const { db, store, add } = openBenchIndex(dir)
  const random = createRandom(19)
  const releases = Array.from({ length: count }, () => release(random))
  await add(releases.map((item) => item.name))
  const resolver = createContentResolver({
    store: store.enrichment,
    tmdb: createTmdbClient({ baseUrl: tmdb.baseUrl, pacer: createRequestPacer(1000), timeoutMs: 10_000 }),
    apiKey: () => KEY,
    log,
    concurrency: 8,
  })
  const started = performance.now()
  for (;;) {
    const report = await resolver.step()
    if (!report.fed && report.resolved + report.notFound === 0) break
  }
  const elapsedS = (performance.now() - started) / 1000
  // What each release resolved to: the content its classification's key points at.
  const rows = db.sqlite
    .query<{ name: string; content_type: string; tmdb_id: number | null }, []>(
      `SELECT t.name, c.content_type, ct.tmdb_id FROM torrents t JOIN torrent_classifications c ON c.torrent_id = t.id
       LEFT JOIN content_keys k ON k.content_type = c.content_type AND k.title = lower(c.title) AND k.year = coalesce(c.year, 0) AND k.status = 'resolved'
       LEFT JOIN contents ct ON ct.id = k.content_id`,
    )
    .all()
  const byName = new Map(rows.map((row) => [row.name, row]))
  let resolved = 0
  let right = 0
  let wrong = 0
  let resolvable = 0
  let resolvedOfResolvable = 0
  let videoTyped = 0
  for (const item of releases) {
    const row = byName.get(item.name)
    const got = row?.tmdb_id ?? null
    if (row && (row.content_type === 'movie' || row.content_type === 'tv_show')) videoTyped++
    if (got !== null) resolved++
    if (item.expected !== null) {
      resolvable++
      if (got !== null) resolvedOfResolvable++
      else if (Bun.env.SHOW_WRONG) console.log('   missed:', item.name, row?.content_type)
    }
    if (got !== null && got === item.expected) right++
    else if (got !== null) {
      wrong++
      if (Bun.env.SHOW_WRONG) console.log('   wrong:', item.name, got, item.expected)
    }
  }
  const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`
  const counts = await store.enrichment.counts()
  console.log(
    `  ${count} releases, ${videoTyped} classified movie or TV, ${counts.resolved + counts.notFound} distinct titles looked up with ${tmdb.requests.length} requests in ${elapsedS.toFixed(1)} s`,
  )
  console.log(
    `  resolved: ${resolved} of ${count} (${pct(resolved, count)}); of the ${resolvable} whose work is in the catalogue: ${pct(resolvedOfResolvable, resolvable)}`,
  )
  console.log(`  right work: ${right}, wrong work: ${wrong} (${pct(wrong, Math.max(resolved, 1))} of the resolved)`)
  tmdb.stop()
  db.close()
  rmSync(dir, { recursive: true, force: true })
}

console.log(`titles settled per minute (a title costs a search, plus external_ids when it is found), ${seconds} s runs:`)
const atOnce = await resolvedPerMinute(defaultRate, 0)
const realistic = await resolvedPerMinute(defaultRate, 150)
console.log(
  `  => ${Math.round(atOnce)} titles/min at the default ${defaultRate} requests/s (API at once), ${Math.round(realistic)} with 150 ms answers`,
)
console.log('share of a 10,000-release import that resolves against the fake catalogue:')
await shareResolved(10_000)
