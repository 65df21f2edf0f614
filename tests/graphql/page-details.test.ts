/** A page of search items reads each kind of detail once, however many items ask and however deep graphql-js resolves them. */
import { describe, expect, test } from 'bun:test'
import { buildSchema, graphql } from 'graphql'
import type { ExplainedRow } from '../../src/classify'
import type { TorrentDetailsStore } from '../../src/graphql'
import { createPageDetails } from '../../src/graphql/page-details'

const hash = (n: number) => n.toString(16).padStart(40, '0')

/** A store answering from memory, later (as one over the network), recording each call. */
function recordingStore() {
  const calls: { method: string; keys: readonly unknown[] }[] = []
  const later = async <K, V>(method: string, keys: readonly K[], pick: (key: K) => V) => {
    calls.push({ method, keys })
    await Bun.sleep(5)
    return new Map(keys.map((key) => [key, pick(key)]))
  }
  const refuse = () => Promise.reject(new Error('not used here'))
  const store: TorrentDetailsStore = {
    times: (infoHashes) => later('times', infoHashes, (infoHash) => ({ updatedAt: Number.parseInt(infoHash, 16), swarmCheckedAt: 0 })),
    explanations: (infoHashes) => later('explanations', infoHashes, () => ({ codes: 'x', row: {} as ExplainedRow })),
    sources: (ids) => later('sources', ids, (id) => [{ key: `source-${id}`, name: 'S' }]),
    tags: (ids) => later('tags', ids, (id) => [`tag-${id}`]),
    fileTypes: (ids) => later('fileTypes', ids, () => ['video']),
    listedFiles: (ids) => later('listedFiles', ids, () => ({ count: 1, sizeBytes: 1 })),
    files: refuse,
    listSources: refuse,
    suggestTags: refuse,
    sourceMetrics: refuse,
  }
  return { store, calls }
}

const schema = buildSchema(`
  type Query { page: [Item!]! }
  type Item { updatedAt: Int!, torrent: Torrent! }
  type Torrent { tagNames: [String!]!, source: String!, updatedAt: Int! }
`)

describe('createPageDetails', () => {
  test('20 items asking for their details, some below an async field, make one call per kind with every key', async () => {
    const { store, calls } = recordingStore()
    const ids = Array.from({ length: 20 }, (_, i) => i + 1)
    const rootValue = {
      page: async () => {
        const details = createPageDetails(store)
        return ids.map((id) => ({
          updatedAt: async () => (await details.times(hash(id)))!.updatedAt,
          // Resolved after a promise, as a field that awaits something first would be.
          torrent: async () => ({
            tagNames: () => details.tags(id),
            source: async () => (await details.sources(id))![0]!.key,
            updatedAt: async () => (await details.times(hash(id)))!.updatedAt,
          }),
        }))
      },
    }
    const result = await graphql({ schema, rootValue, source: '{ page { updatedAt torrent { tagNames source updatedAt } } }' })
    expect(result.errors).toBeUndefined()
    const page = (result.data as { page: { updatedAt: number; torrent: { tagNames: string[]; source: string; updatedAt: number } }[] }).page
    expect(page.map((item) => item.torrent.tagNames[0])).toEqual(ids.map((id) => `tag-${id}`))
    expect(page.map((item) => item.torrent.source)).toEqual(ids.map((id) => `source-${id}`))
    expect(page.every((item, i) => item.updatedAt === ids[i] && item.torrent.updatedAt === ids[i])).toBe(true)
    expect(calls.map((call) => call.method).sort()).toEqual(['sources', 'tags', 'times'])
    expect(calls.find((call) => call.method === 'tags')!.keys).toEqual(ids)
    expect(calls.find((call) => call.method === 'times')!.keys).toEqual(ids.map(hash))
  })

  test('a key the store does not know is undefined; a refusal fails only the fields that asked', async () => {
    const { store } = recordingStore()
    const details = createPageDetails({ ...store, tags: async (ids) => new Map(ids.filter((id) => id !== 2).map((id) => [id, ['x']])) })
    expect(await Promise.all([details.tags(1), details.tags(2)])).toEqual([['x'], undefined])
    const refusing = createPageDetails({ ...store, sources: () => Promise.reject(new Error('database is locked')) })
    await expect(refusing.sources(1)).rejects.toThrow('database is locked')
    expect(await refusing.tags(1)).toEqual(['tag-1'])
  })
})
