/**
 * The block list over the core's GraphQL: what operator deletes and banned-content rules keep
 * out, with when and why, and Unblock lifting an operator's delete so the torrent may come back.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type RunningService, startService, TEST_ADMIN_KEY } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'
import { describeOnEngines } from '../support/engines'

const KEY = 'block-list-torznab-key-0123'
const KEPT = 'a'.repeat(40)
const DELETED = 'b'.repeat(40)
const ALSO_DELETED = 'c'.repeat(40)
const BANNED = 'd'.repeat(40)
describeOnEngines('GraphQL block list', (engine) => {
  let service: RunningService

  interface Answer {
    data?: Record<string, any> | null
    errors?: { message: string; extensions?: { code?: string; field?: string } }[]
  }

  /** What the dashboard sends: the Torznab key (bitmagnet's operations) and the core admin key (the dashboard's). */
  const DASHBOARD = { authorization: `Bearer ${KEY}`, 'x-core-admin-key': TEST_ADMIN_KEY }

  async function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = DASHBOARD): Promise<Answer> {
    const response = await fetch(`${service.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    })
    return (await response.json()) as Answer
  }

  async function importNames(records: { infoHash: string; name: string }[]): Promise<string> {
    const response = await fetch(`${service.baseUrl}/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}` },
      body: records.map((record) => JSON.stringify({ size: 1_000_000, ...record })).join('\n'),
    })
    return response.text()
  }

  const BLOCK_LIST = '{ blockList { totalCount items { infoHash name reason ruleId blockedAt } } }'

  const isIndexed = async (infoHash: string) =>
    (await gql('query($h: [Hash20!]) { torrentContent { search(input: { infoHashes: $h }) { items { infoHash } } } }', { h: [infoHash] }))
      .data!.torrentContent.search.items.length === 1

  beforeAll(async () => {
    const dir = makeTempDir('block-list-')
    const rules = join(dir, 'rules.yml')
    // A harmless word joins the banned keywords, so a banned-content block can be made in a test.
    writeFileSync(rules, 'keywords:\n  banned: [forbiddenword]\n')
    service = await startService(
      {
        DATA_DIR: dir,
        ...(await engine.serviceVars()),
        TORZNAB_API_KEY: KEY,
        CLASSIFIER_RULES_PATH: rules,
        SERVICE_INGEST_FLUSH_INTERVAL: '20ms',
      },
      'core',
    )
    await importNames([
      { infoHash: KEPT, name: 'Kept.Show.S01E01.1080p.WEB.h264-GRP' },
      { infoHash: DELETED, name: 'Deleted.Movie.2021.1080p.BluRay.x264-GRP' },
      { infoHash: ALSO_DELETED, name: 'Also.Deleted.2020.720p.WEB.h264-GRP' },
      { infoHash: BANNED, name: 'Some.forbiddenword.Release.2020.1080p' },
    ])
  })
  afterAll(() => service?.child.kill())

  describe('blockList and unblockTorrents', () => {
    test('an operator delete and a banned rule are listed with when and why; the banned name is not kept', async () => {
      const deleted = await gql('mutation($h: [Hash20!]!) { torrent { delete(infoHashes: $h) } }', { h: [DELETED, ALSO_DELETED] })
      expect(deleted.errors).toBeUndefined()
      const answer = await gql(BLOCK_LIST)
      expect(answer.errors).toBeUndefined()
      const { totalCount, items } = answer.data!.blockList
      expect(totalCount).toBe(3)
      const byHash = new Map(items.map((item: { infoHash: string }) => [item.infoHash, item]))
      expect(byHash.get(DELETED)).toMatchObject({
        name: 'Deleted.Movie.2021.1080p.BluRay.x264-GRP',
        reason: 'operator_delete',
        ruleId: null,
      })
      expect(byHash.get(ALSO_DELETED)).toMatchObject({ name: 'Also.Deleted.2020.720p.WEB.h264-GRP', reason: 'operator_delete' })
      expect(byHash.get(BANNED)).toMatchObject({ name: null, reason: 'banned_rule', ruleId: 'banned-keywords' })
      for (const item of items) expect(Date.parse(item.blockedAt)).toBeGreaterThan(Date.now() - 60_000)
      // Newest first (then by hash): the deletes came after the banned import, or in its second.
      expect(items.at(-1).infoHash).toBe(BANNED)
    })

    test('without the core admin key both are refused (the Torznab key is not it), and a bad limit is named', async () => {
      for (const operation of [BLOCK_LIST, `mutation { unblockTorrents(infoHashes: ["${DELETED}"]) }`]) {
        const refused = await gql(operation, {}, {})
        expect(refused.errors?.[0]?.extensions?.code).toBe('unauthorized')
        const torznabKeyOnly = await gql(operation, {}, { authorization: `Bearer ${KEY}` })
        expect(torznabKeyOnly.errors?.[0]?.extensions?.code).toBe('unauthorized')
        const wrong = await gql(operation, {}, { ...DASHBOARD, 'x-core-admin-key': 'not-the-key-0123456789' })
        expect(wrong.errors?.[0]?.extensions?.code).toBe('unauthorized')
      }
      for (const limit of [0, 501]) {
        const bad = await gql(`{ blockList(input: { limit: ${limit} }) { totalCount } }`)
        expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'bad_request', field: 'input.limit' })
      }
      const negative = await gql('{ blockList(input: { offset: -1 }) { totalCount } }')
      expect(negative.errors?.[0]?.extensions?.field).toBe('input.offset')
      const empty = await gql('mutation { unblockTorrents(infoHashes: []) }')
      expect(empty.errors?.[0]?.extensions?.field).toBe('infoHashes')
      expect((await gql(BLOCK_LIST)).data!.blockList.totalCount).toBe(3)
    })

    test('a deleted torrent stays out until unblocked; the banned one cannot be unblocked', async () => {
      await importNames([{ infoHash: DELETED, name: 'Deleted.Movie.2021.1080p.BluRay.x264-GRP' }])
      expect(await isIndexed(DELETED)).toBe(false)
      const lifted = await gql('mutation($h: [Hash20!]!) { unblockTorrents(infoHashes: $h) }', { h: [DELETED, BANNED, KEPT] })
      expect(lifted.data!.unblockTorrents).toBe(1)
      const { items } = (await gql(BLOCK_LIST)).data!.blockList
      expect(items.map((item: { infoHash: string }) => item.infoHash).sort()).toEqual([ALSO_DELETED, BANNED])
      await importNames([{ infoHash: DELETED, name: 'Deleted.Movie.2021.1080p.BluRay.x264-GRP' }])
      expect(await isIndexed(DELETED)).toBe(true)
      expect(await isIndexed(KEPT)).toBe(true)
    })

    test('pages through the list with limit and offset', async () => {
      const first = (await gql('{ blockList(input: { limit: 1 }) { totalCount items { infoHash } } }')).data!.blockList
      const second = (await gql('{ blockList(input: { limit: 1, offset: 1 }) { totalCount items { infoHash } } }')).data!.blockList
      expect(first.totalCount).toBe(2)
      expect([first.items[0].infoHash, second.items[0].infoHash].sort()).toEqual([ALSO_DELETED, BANNED])
    })
  })
})
