/** The fetch requests' store, on every adapter: requests kept whole, moved only while open, and the index's hashes. */
import { expect, test } from 'bun:test'
import type { FetchRequest } from '../../../src/fetch-requests'
import type { CoreStore } from '../../../src/store'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

const A = 'aa'.repeat(20)
const B = 'bb'.repeat(20)
const C = 'cc'.repeat(20)
const T0 = 1_767_225_600_000

const request = (infoHash: string, overrides: Partial<FetchRequest> = {}): FetchRequest => ({
  infoHash,
  name: 'Some Name',
  state: 'queued',
  detail: null,
  peers: ['[::1]:6881', '192.0.2.7:1'],
  trackers: ['udp://tracker.example:1337/announce'],
  requestedAtMs: T0,
  updatedAtMs: T0,
  deadlineAtMs: T0 + 60_000,
  ...overrides,
})

describeStoreContract('FetchRequestStore', (adapter) => {
  const withStore = (use: (store: CoreStore) => Promise<void>) => withFreshStore(adapter, use)

  test('a request is kept as saved, replaced by the next save of its hash, and listed newest first', () =>
    withStore(async ({ fetchRequests }) => {
      expect(await fetchRequests.get(A)).toBeNull()
      await fetchRequests.save(request(A))
      await fetchRequests.save(request(B, { requestedAtMs: T0 + 1, name: null, peers: [], trackers: [] }))
      expect(await fetchRequests.get(A)).toEqual(request(A))
      await fetchRequests.save(request(A, { requestedAtMs: T0 + 2, state: 'found', detail: 'already in the index' }))
      expect((await fetchRequests.list(10)).map((kept) => [kept.infoHash, kept.state])).toEqual([
        [A, 'found'],
        [B, 'queued'],
      ])
      expect(await fetchRequests.list(1)).toHaveLength(1)
      expect((await fetchRequests.listOpen()).map((kept) => kept.infoHash)).toEqual([B])
    }))

  test('a transition moves only an open request, and returns it as it now is', () =>
    withStore(async ({ fetchRequests }) => {
      await fetchRequests.save(request(A))
      await fetchRequests.save(request(B, { state: 'not_found', detail: 'given up' }))
      const searching = await fetchRequests.transition(A, { state: 'searching', detail: 'looking for peers' }, T0 + 5)
      expect(searching).toEqual(request(A, { state: 'searching', detail: 'looking for peers', updatedAtMs: T0 + 5 }))
      expect(await fetchRequests.transition(A, { state: 'found', detail: 'indexed' }, T0 + 6)).toMatchObject({ state: 'found' })
      expect(await fetchRequests.transition(A, { state: 'searching', detail: 'late news' }, T0 + 7)).toBeNull()
      expect(await fetchRequests.transition(B, { state: 'searching', detail: 'late news' }, T0 + 7)).toBeNull()
      expect(await fetchRequests.transition(C, { state: 'searching', detail: 'never asked' }, T0 + 7)).toBeNull()
      expect(await fetchRequests.get(A)).toMatchObject({ state: 'found', detail: 'indexed', updatedAtMs: T0 + 6 })
      expect(await fetchRequests.get(B)).toMatchObject({ state: 'not_found', detail: 'given up', updatedAtMs: T0 })
      expect(await fetchRequests.get(C)).toBeNull()
    }))

  test('indexed names the hashes the index holds, among any number asked', () =>
    withStore(async (store) => {
      await adapter.fixtures(store).addTorrents([{ infoHash: B, name: 'Known.Release' }], T0 / 1000)
      expect(await store.fetchRequests.indexed([])).toEqual(new Set())
      expect(await store.fetchRequests.indexed([A, B, C])).toEqual(new Set([B]))
      const many = Array.from({ length: 1500 }, (_, i) => i.toString(16).padStart(40, '0'))
      expect(await store.fetchRequests.indexed([...many, B])).toEqual(new Set([B]))
    }))
})
