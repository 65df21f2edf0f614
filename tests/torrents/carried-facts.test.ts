import { describe, expect, test } from 'bun:test'
import { parseImportLine } from '../../src/importer'
import type { WriteOutcome } from '../../src/ingest'
import { recordLabel } from '../support/evidence-effects'
import { openTestIndex } from '../support/test-index'

const SHOW = 'a'.repeat(40)
const label = { contentType: 'tv_show', source: 'sonarr-far', title: 'Far Show', seasons: [1], episodes: [2] }

/** An index and a way to send it lines as an import does, each answered with what became of it. */
function openIndexWithLines() {
  const index = openTestIndex()
  const send = (record: Record<string, unknown>): WriteOutcome | Error => {
    const parsed = parseImportLine(JSON.stringify({ size: 1_000_000, ...record }))
    if (!parsed.ok) throw new Error(parsed.reason)
    let outcome: WriteOutcome | Error = new Error('not settled')
    index.pipeline.submit(parsed.item, {
      settle(settled) {
        outcome = settled
      },
    })
    index.pipeline.flush()
    return outcome
  }
  const classification = (infoHash: string) =>
    index.db.sqlite
      .query(
        `SELECT c.content_type, c.status, c.title, c.imdb_id, c.tvdb_id FROM torrent_classifications c
         JOIN torrents t ON t.id = c.torrent_id WHERE t.info_hash = unhex(?)`,
      )
      .get(infoHash)
  const labelOf = (infoHash: string) =>
    index.db.sqlite.query('SELECT content_type, labelled_by FROM ground_truth_labels WHERE info_hash = unhex(?)').get(infoHash)
  const torrent = (infoHash: string) =>
    index.db.sqlite
      .query("SELECT id, name, grabs, nullif(lower(hex(info_hash_v2)), '') AS v2 FROM torrents WHERE info_hash = unhex(?)")
      .get(infoHash) as { id: number; name: string; grabs: number; v2: string | null } | null
  const tags = (infoHash: string) =>
    index.db.sqlite
      .query('SELECT tag, by_rule FROM torrent_tags WHERE torrent_id = (SELECT id FROM torrents WHERE info_hash = unhex(?)) ORDER BY tag')
      .all(infoHash)
  return { ...index, send, classification, labelOf, torrent, tags }
}

describe('an export line stored by the ingest writer', () => {
  test('its label confirms a new torrent, with the ids and source it came with', () => {
    const index = openIndexWithLines()
    expect(
      index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p.WEB-DL-GRP', label, externalIds: { imdb: 'tt0000042', tvdb: 7 } }),
    ).toBe('imported')
    expect(index.classification(SHOW)).toEqual({
      content_type: 'tv_show',
      status: 'confirmed',
      title: 'Far Show',
      imdb_id: 'tt0000042',
      tvdb_id: 7,
    })
    expect(index.labelOf(SHOW)).toEqual({ content_type: 'tv_show', labelled_by: 'sonarr-far' })
  })

  test('a label for a torrent already stored confirms it from what is stored, not from what the line claims', () => {
    const index = openIndexWithLines()
    index.send({ infoHash: SHOW, name: 'Near.Show.S03E04.720p.HDTV-GRP', files: [{ path: 'near.mkv', size: 1_000_000 }] })
    expect(index.classification(SHOW)).toMatchObject({ status: 'pending' })
    expect(
      index.send({ infoHash: SHOW, name: 'Totally.Different.Film.1999.DVDRip', label: { contentType: 'tv_show', source: 'sonarr-far' } }),
    ).toBe('updated')
    expect(index.torrent(SHOW)!.name).toBe('Near.Show.S03E04.720p.HDTV-GRP')
    expect(index.classification(SHOW)).toMatchObject({ content_type: 'tv_show', status: 'confirmed', title: 'Near Show' })
  })

  test("this index's own label (its *arr apps') is never replaced by an imported one", async () => {
    const index = openIndexWithLines()
    await recordLabel(
      index.store,
      SHOW,
      { contentType: 'movie', title: 'Near Film', year: 2001, seasons: [], episodes: [], imdb: null, tmdb: 5, tvdb: null, tvmaze: null },
      'radarr-home',
      1_700_000_000,
    )
    index.send({ infoHash: SHOW, name: 'Near.Film.2001.1080p.BluRay-GRP', label: { ...label, contentType: 'xxx' } })
    expect(index.labelOf(SHOW)).toEqual({ content_type: 'movie', labelled_by: 'radarr-home' })
    expect(index.classification(SHOW)).toMatchObject({ content_type: 'movie', status: 'confirmed' })
  })

  test('a hash an operator deleted stays blocked, and its label is not kept', () => {
    const index = openIndexWithLines()
    index.send({ infoHash: SHOW, name: 'Unwanted.Show.S01E01.1080p' })
    index.torrents.operator.delete([SHOW], 1_700_000_000)
    expect(index.send({ infoHash: SHOW, name: 'Unwanted.Show.S01E01.1080p', label, tags: ['keep'], grabs: 9 })).toBe('blocked')
    expect(index.torrent(SHOW)).toBeNull()
    expect(index.labelOf(SHOW)).toBeNull()
  })

  test('banned content is deleted whatever label the line carries', () => {
    const index = openIndexWithLines()
    expect(index.send({ infoHash: SHOW, name: 'Some pthc video', label: { contentType: 'movie', source: 'radarr-far' }, grabs: 4 })).toBe(
      'deleted',
    )
    expect(index.torrent(SHOW)).toBeNull()
    expect(index.db.sqlite.query('SELECT rule_id FROM blocked_torrents').all()).toEqual([{ rule_id: 'banned-keywords' }])
  })

  test('grabs only rise to the count given: the same file twice counts them once', () => {
    const index = openIndexWithLines()
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p', grabs: 3 })
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p', grabs: 3 })
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p', grabs: 2 })
    expect(index.torrent(SHOW)!.grabs).toBe(3)
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p', grabs: 5 })
    expect(index.torrent(SHOW)!.grabs).toBe(5)
  })

  test("tags join the operator's, none removed; a rule's tag of the same name becomes the operator's", () => {
    const index = openIndexWithLines()
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p.WEB-DL.HDR-GRP' })
    index.torrents.operator.putTags([SHOW], ['mine'], false)
    expect(index.tags(SHOW)).toEqual([
      { tag: 'hdr', by_rule: 1 },
      { tag: 'mine', by_rule: 0 },
    ])
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p.WEB-DL.HDR-GRP', tags: ['kids', 'hdr'] })
    expect(index.tags(SHOW)).toEqual([
      { tag: 'hdr', by_rule: 0 },
      { tag: 'kids', by_rule: 0 },
      { tag: 'mine', by_rule: 0 },
    ])
  })

  test('a v2 hash is kept for a torrent the line brings, never added to one stored', () => {
    const index = openIndexWithLines()
    const v2Only = 'b'.repeat(40)
    index.send({ infoHash: v2Only, name: 'V2.Only.Release', infoHashV2: `${v2Only}${'c'.repeat(24)}` })
    expect(index.torrent(v2Only)!.v2).toBe(`${v2Only}${'c'.repeat(24)}`)
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p' })
    index.send({ infoHash: SHOW, name: 'Far.Show.S01E02.1080p', infoHashV2: `${SHOW}${'d'.repeat(24)}` })
    expect(index.torrent(SHOW)!.v2).toBeNull()
  })
})
