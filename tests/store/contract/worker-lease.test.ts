/** The worker's lease, on every adapter: granted to a lone process, given back by release, refused once aborted. */
import { expect, test } from 'bun:test'
import { describeStoreContract, withFreshStore } from '../../support/store-contract'

describeStoreContract('WorkerLeaseStore', (adapter) => {
  test('a lone process gets the lease, can take it again once released, and it is not lost while held', () =>
    withFreshStore(adapter, async (store) => {
      const signal = new AbortController().signal
      let standby = 0
      const first = await store.workerLease.acquire({ signal, onStandby: () => standby++ })
      let lost = false
      void first.lost.then(() => {
        lost = true
      })
      await first.release()
      const again = await store.workerLease.acquire({ signal, onStandby: () => standby++ })
      await again.release()
      expect(standby).toBe(0)
      expect(lost).toBe(false)
    }))

  test('an aborted signal refuses the lease', () =>
    withFreshStore(adapter, async (store) => {
      const signal = new AbortController()
      signal.abort()
      await expect(store.workerLease.acquire({ signal: signal.signal })).rejects.toThrow()
    }))
})
