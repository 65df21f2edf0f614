/**
 * "Why this type" through GraphQL, in the running core: each classification keeps its explanation
 * (what decided, and short sentences of how), for an episode, a film, an album and an e-book the
 * rules placed, a torrent an *arr import labelled (a Sonarr webhook, as the evidence tests send
 * it), and one the rerank model placed (a loopback model server). A torrent classified before
 * explanations were kept has none until `cli reclassify` fills it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { sonarrV4Download } from '../support/arr-payloads'
import { waitFor } from '../support/dht-probe'
import { completion, startModelServer } from '../support/model-server'
import { openServiceIndex, runCli, startService, type RunningService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { testSql } from '../support/test-sql'
import { describeOnEngines } from '../support/engines'

const hash = (n: number) => `e1${n.toString(16).padStart(38, '0')}`
const GB = 1_000_000_000
const RELEASES = {
  episode: {
    infoHash: hash(1),
    name: 'Z.Nation.S01E12.HDTV.x264-LOL[ettv]',
    files: [
      { path: 'z.nation.s01e12.mkv', size: 366_000_000 },
      { path: 'z.nation.s01e12.nfo', size: 2_000 },
    ],
  },
  film: {
    infoHash: hash(2),
    name: 'Sintel.2010.1080p.BluRay.x264-GRP',
    files: [{ path: 'Sintel.2010.1080p.BluRay.x264-GRP.mkv', size: 2 * GB }],
  },
  album: {
    infoHash: hash(3),
    name: 'Some Artist - Quiet Songs (2019) [FLAC]',
    files: Array.from({ length: 10 }, (_, i) => ({ path: `${String(i + 1).padStart(2, '0')} - Song ${i + 1}.flac`, size: 30_000_000 })),
  },
  ebook: { infoHash: hash(4), name: 'Leaves of Grass by Walt Whitman', files: [{ path: 'Leaves of Grass.epub', size: 1_200_000 }] },
  // A name that reads as a film; Sonarr imported it as an episode.
  labelled: {
    infoHash: hash(5),
    name: 'Quiet.Hills.2014.720p.HDTV.x264',
    files: [{ path: 'quiet.hills.2014.720p.mkv', size: 900_000_000 }],
  },
  // Nothing the rules know: the model is asked.
  reranked: { infoHash: hash(6), name: 'Quiet Lake Diaries', size: 9 * GB },
}

describeOnEngines('GraphQL classification explanations', (engine) => {
  const dataDir = makeTempDir('explain-')
  let service: RunningService
  let vars: Record<string, string>
  const model = startModelServer(async (prompt) => completion(prompt.includes('Quiet Lake Diaries') ? 'tv_show' : 'other'))

  async function explanationOf(infoHash: string): Promise<{ decidedBy: string; steps: string[] } | null> {
    const response = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `{ torrentContent { search(input: { infoHashes: ["${infoHash}"] }) { items { contentType explanation { decidedBy steps } } } } }`,
      }),
    })
    const answer = (await response.json()) as { data: any; errors?: unknown }
    expect(answer.errors).toBeUndefined()
    return answer.data.torrentContent.search.items[0].explanation
  }

  beforeAll(async () => {
    vars = { DATA_DIR: dataDir, ...(await engine.serviceVars()) }
    service = await startService(
      {
        ...vars,
        SERVICE_LLM_URL: `http://127.0.0.1:${model.server.port}/v1`,
        SERVICE_LLM_MODEL: 'test-model',
        SERVICE_LLM_TIMEOUT: '5s',
        SERVICE_INGEST_FLUSH_INTERVAL: '50ms',
      },
      'core',
    )
    const lines = Object.values(RELEASES).map((release) => JSON.stringify(release))
    expect((await fetch(`${service.baseUrl}/import`, { method: 'POST', body: lines.join('\n') })).status).toBe(200)
  }, 60_000)

  afterAll(() => {
    service?.child.kill('SIGKILL')
    model.server.stop(true)
  })

  describe('the explanation of a classification', () => {
    test('an episode: the parser found the season and episode; tv-episodes decided on them and on the video files', async () => {
      const explanation = await explanationOf(RELEASES.episode.infoHash)
      expect(explanation).toEqual({
        decidedBy: 'tv-episodes',
        steps: [
          'The name parser read: title "Z Nation", season 1, episode 12, tv, x264, group LOL.',
          'Rule tv-episodes decided TV show at 85% confidence: seasons, episodes or an air date in the name, on video (or a name alone).',
          'It read: season 1; episode 12; no air date; a file list (2 files); video files 99% of the bytes; disc image files 0% of the bytes.',
        ],
      })
    })

    test('a film: the year in the name, its one big video file and its size', async () => {
      const explanation = await explanationOf(RELEASES.film.infoHash)
      expect(explanation!.decidedBy).toBe('movie-with-year')
      expect(explanation!.steps[0]).toBe('The name parser read: title "Sintel", year 2010, 1080p, bluray, x264, group GRP.')
      expect(explanation!.steps[1]).toBe('Rule movie-with-year decided Movie at 85% confidence.')
      expect(explanation!.steps[2]).toBe(
        'It read: year 2010; a file list (1 file); video files 100% of the bytes; disc image files 0% of the bytes; size 2.0 GB.',
      )
    })

    test('an album and an e-book: the share of the bytes their files hold', async () => {
      const album = await explanationOf(RELEASES.album.infoHash)
      expect(album!.decidedBy).toBe('music')
      expect(album!.steps[1]).toBe('Rule music decided Music at 80% confidence.')
      expect(album!.steps[2]).toStartWith('It read: audio files 100% of the bytes;')
      const ebook = await explanationOf(RELEASES.ebook.infoHash)
      expect(ebook!.decidedBy).toBe('ebook')
      expect(ebook!.steps.slice(1)).toEqual([
        'Rule ebook decided E-book at 80% confidence.',
        'It read: ebook files 100% of the bytes; video files 0% of the bytes.',
      ])
    })

    test('a ground-truth label: the Sonarr import that applied it, beside what the rules said', async () => {
      const webhook = await fetch(`${service.baseUrl}/evidence/arr/sonarr-main`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sonarrV4Download(RELEASES.labelled.infoHash.toUpperCase())),
      })
      expect(webhook.status).toBe(202)
      await waitFor(async () => (await explanationOf(RELEASES.labelled.infoHash))?.decidedBy === 'ground_truth', 30_000)
      const { steps } = (await explanationOf(RELEASES.labelled.infoHash))!
      // The label's title and episode stand in for the name's, and the rules read those too.
      expect(steps[0]).toBe(
        'The name parser read, with the label\'s title, year and episodes where it has them: title "Z Nation", year 2014, season 1, episode 12, 720p, tv, x264.',
      )
      expect(steps[1]).toStartWith('Rule tv-episodes said TV show at 85% confidence')
      expect(steps.at(-1)).toBe(
        'Ground truth: sonarr-main (Sonarr) reported importing it as TV show, which wins over the rules (confidence 100%).',
      )
    })

    test("an LLM answer: the rules could not place it; the model's answer and its name", async () => {
      await waitFor(async () => (await explanationOf(RELEASES.reranked.infoHash))?.decidedBy === 'llm_rerank', 30_000)
      expect((await explanationOf(RELEASES.reranked.infoHash))!.steps).toEqual([
        'The name parser read: title "Quiet Lake Diaries".',
        'No rule placed it, so the rules left it Other at 20% confidence.',
        'The rules were not sure, so the model test-model was asked; it answered TV show (confidence now 60%).',
      ])
    })

    test('classified before explanations were kept: none, until cli reclassify fills it', async () => {
      const store = await openServiceIndex(vars)
      await testSql(store).run('UPDATE torrent_classifications SET explanation = NULL')
      await store.close()
      expect(await explanationOf(RELEASES.film.infoHash)).toBeNull()
      const reclassified = await runCli(['reclassify', '--all'], vars)
      expect(reclassified.exitCode).toBe(0)
      expect((await explanationOf(RELEASES.film.infoHash))!.decidedBy).toBe('movie-with-year')
      // The label is kept by a re-classification, and so is its explanation.
      expect((await explanationOf(RELEASES.labelled.infoHash))!.decidedBy).toBe('ground_truth')
    }, 60_000)
  })
})
