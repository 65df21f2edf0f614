/** Issue 30.5: files past SERVICE_MAX_FILES_PER_TORRENT are counted and summed where files are listed, not stored. */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type RunningService, startService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { attr, getTorznab } from '../support/torznab-client'
import { describeOnEngines } from '../support/engines'

const MANY = 'a'.repeat(40)
const FEW = 'b'.repeat(40)
describeOnEngines('GraphQL files past the limit', (engine) => {
  let service: RunningService

  beforeAll(async () => {
    service = await startService(
      {
        DATA_DIR: makeTempDir('files-limit-'),
        ...(await engine.serviceVars()),
        SERVICE_MAX_FILES_PER_TORRENT: '5',
        SERVICE_INGEST_FLUSH_INTERVAL: '20ms',
      },
      'core',
    )
    const files = (count: number) =>
      Array.from({ length: count }, (_, i) => ({ path: `Disc/${String(i + 1).padStart(2, '0')} - Track.flac`, size: 1000 + i }))
    const lines = [
      { infoHash: MANY, name: 'Many.Tracks.Album.2001.FLAC', files: files(12) },
      { infoHash: FEW, name: 'Few.Tracks.Album.2001.FLAC', files: files(3) },
    ]
    const response = await fetch(`${service.baseUrl}/import`, {
      method: 'POST',
      body: lines.map((line) => JSON.stringify(line)).join('\n'),
    })
    expect(await response.json()).toMatchObject({ imported: 2, rejected: 0 })
  })
  afterAll(() => service?.child.kill('SIGKILL'))

  describe('a torrent with more files than are stored', () => {
    test("GraphQL lists the first ones and says how many more and how large, with bitmagnet's over_threshold", async () => {
      const response = await fetch(`${service.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query: `{ torrentContent { search(input: { infoHashes: ["${MANY}", "${FEW}"], orderBy: [{ field: name }] }) { items { infoHash torrent { size filesStatus filesCount filesNotListed { count size } files { index } } } } } }`,
        }),
      })
      const { items } = ((await response.json()) as any).data.torrentContent.search
      const byHash = Object.fromEntries(items.map((item: any) => [item.infoHash, item.torrent]))
      expect(byHash[FEW]).toEqual({
        size: 3003,
        filesStatus: 'multi',
        filesCount: 3,
        filesNotListed: null,
        files: [0, 1, 2].map((index) => ({ index })),
      })
      expect(byHash[MANY]).toEqual({
        size: 12_066,
        filesStatus: 'over_threshold',
        filesCount: 12,
        filesNotListed: { count: 7, size: 12_066 - (1000 + 1001 + 1002 + 1003 + 1004) },
        files: [0, 1, 2, 3, 4].map((index) => ({ index })),
      })
    })

    test('the Torznab files attribute counts every file', async () => {
      const feed = await getTorznab(`${service.baseUrl}/torznab/api?t=search&q=many%20tracks`)
      expect(feed.items.map((item) => attr(item, 'files'))).toEqual(['12'])
    })
  })
})
