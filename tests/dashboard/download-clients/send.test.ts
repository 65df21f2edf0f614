import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { importIntoCore, startTestCore } from '../../support/dashboard'
import { openTestDashboard } from '../../support/dashboard-app'
import {
  daemonGate,
  qbittorrentTorrents,
  type RunningDaemon,
  startQbittorrent,
  startTransmission,
  transmissionTorrents,
} from '../../support/download-daemons'

const hash = (n: number) => `c0ffee${n.toString(16).padStart(34, '0')}`
// Imported into the core, whose magnets carry the info hash and the name only: no tracker to contact.
const releases = [1, 2, 3, 4, 5, 6].map((n) => ({
  infoHash: hash(n),
  name: `Grab.Test.Release.${n}.2024.1080p.WEB-DL.x264-GRP`,
  size: 1_000_000 * n,
}))

// Built at load (a store opened inside beforeAll would be closed as that hook ends), then pointed at the core.
const dashboard = openTestDashboard()
let core: Awaited<ReturnType<typeof startTestCore>>
beforeAll(async () => {
  core = await startTestCore()
  await importIntoCore(core.baseUrl, releases)
  const pointed = await dashboard.request('/api/settings/overrides/core_graphql_url', { method: 'PUT', json: { value: core.graphqlUrl } })
  expect(pointed.status).toBe(200)
})
afterAll(() => core?.child.kill())

interface AuditEntry {
  kind: string
  key: string
  action: string
  new_value: Record<string, unknown>
  changed_by: string
}
const auditRows = async (key: string) =>
  ((await dashboard.request('/api/audit?limit=1000')).body.items as AuditEntry[]).filter((entry) => entry.key === key)

/** The checks both kinds pass: test, send one and many, the category, wrong password, client down, no secret anywhere. */
function describeClient(options: {
  kind: 'qbittorrent' | 'transmission'
  start: () => Promise<RunningDaemon>
  has: (daemon: RunningDaemon) => Promise<{ hash: string; category: string | null }[]>
  version: RegExp
}) {
  const gate = daemonGate(options.kind)
  describe.skipIf(gate.skip)(`sending to ${options.kind} ${gate.title}`, () => {
    let daemon: RunningDaemon
    let clientId: string
    const name = `Home ${options.kind}`
    beforeAll(async () => {
      daemon = await options.start()
      const created = await dashboard.request('/api/download-clients', {
        method: 'POST',
        json: { name, kind: options.kind, url: daemon.url, username: daemon.username, password: daemon.password, category: 'dht-grabs' },
      })
      expect(created.status).toBe(201)
      clientId = created.body.id
    })
    afterAll(() => daemon?.stop())

    test('Test signs in and answers the client’s version', async () => {
      const answer = await dashboard.request(`/api/download-clients/${clientId}/test`, { method: 'POST' })
      expect(answer.status).toBe(200)
      expect(answer.body.ok).toBe(true)
      expect(answer.body.version).toMatch(options.version)
    })

    test('a torrent sent is in the client under the category, and the send is an audit row by who asked', async () => {
      const answer = await dashboard.request(`/api/torrents/${hash(1).toUpperCase()}/send`, {
        method: 'POST',
        json: { client_id: clientId },
      })
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ sent: true })
      const inClient = (await options.has(daemon)).find((torrent) => torrent.hash === hash(1))
      expect(inClient).toEqual({ hash: hash(1), category: 'dht-grabs' })
      const [row] = await auditRows(`download_client:${name}`)
      expect(row).toMatchObject({ kind: 'operator', action: 'torrent_sent', new_value: { info_hash: hash(1), title: releases[0]!.name } })
      expect(row!.changed_by).toBeString()
    })

    test('sending one the client has already is still a success', async () => {
      const again = await dashboard.request(`/api/torrents/${hash(1)}/send`, { method: 'POST', json: { client_id: clientId } })
      expect(again.status).toBe(200)
      expect((await options.has(daemon)).filter((torrent) => torrent.hash === hash(1))).toHaveLength(1)
    })

    test('many torrents go in one send (the library’s bulk action), each an audit row', async () => {
      const outcome = await dashboard.downloadClients.send([hash(2), hash(3), hash(4)], clientId, 'tester')
      expect(outcome).toEqual({ taken: expect.arrayContaining([hash(2), hash(3), hash(4)]), notTaken: [], refusal: null, notInIndex: [] })
      expect((await auditRows(`download_client:${name}`)).filter((row) => row.changed_by === 'tester')).toHaveLength(3)
      const hashes = (await options.has(daemon)).map((torrent) => torrent.hash)
      expect(hashes).toEqual(expect.arrayContaining([hash(2), hash(3), hash(4)]))
    })

    test('a torrent the index does not have is a 404, and nothing reaches the client', async () => {
      const unknown = 'f'.repeat(40)
      const answer = await dashboard.request(`/api/torrents/${unknown}/send`, { method: 'POST', json: { client_id: clientId } })
      expect(answer.status).toBe(404)
      expect((await options.has(daemon)).map((torrent) => torrent.hash)).not.toContain(unknown)
    })

    test('a wrong password is a 502 naming the client, audited, with no password in answer, audit or log', async () => {
      const wrong = 'wrong-password-3321'
      const created = await dashboard.request('/api/download-clients', {
        method: 'POST',
        json: { name: `${name} (wrong)`, kind: options.kind, url: daemon.url, username: daemon.username, password: wrong },
      })
      const send = await dashboard.request(`/api/torrents/${hash(5)}/send`, { method: 'POST', json: { client_id: created.body.id } })
      expect(send.status).toBe(502)
      expect(send.body.error).toBe('download_client_failed')
      expect(send.body.message).toBe(
        `${options.kind === 'qbittorrent' ? 'qBittorrent' : 'Transmission'} "${name} (wrong)" refused the user name or password`,
      )
      const test = await dashboard.request(`/api/download-clients/${created.body.id}/test`, { method: 'POST' })
      expect(test.status).toBe(502)
      expect((await options.has(daemon)).map((torrent) => torrent.hash)).not.toContain(hash(5))
      const [failed] = await auditRows(`download_client:${name} (wrong)`)
      expect(failed).toMatchObject({ kind: 'operator', action: 'torrent_send_failed', new_value: { info_hashes: [hash(5)] } })
      const everything = [
        JSON.stringify(send.body),
        JSON.stringify(test.body),
        JSON.stringify(await auditRows(`download_client:${name} (wrong)`)),
      ]
      everything.push(JSON.stringify((await dashboard.request('/api/download-clients')).body), dashboard.logLines.join('\n'))
      for (const text of everything) {
        expect(text).not.toContain(wrong)
        expect(text).not.toContain(daemon.password)
      }
    })

    test('a client that is down is a 502 naming it, and the dashboard goes on', async () => {
      const down = await dashboard.request('/api/download-clients', {
        method: 'POST',
        json: { name: `${name} (down)`, kind: options.kind, url: 'http://127.0.0.1:9', username: 'u', password: 'p-1234' },
      })
      const send = await dashboard.request(`/api/torrents/${hash(6)}/send`, { method: 'POST', json: { client_id: down.body.id } })
      expect(send.status).toBe(502)
      expect(send.body.message).toBe(
        `${options.kind === 'qbittorrent' ? 'qBittorrent' : 'Transmission'} "${name} (down)" cannot be reached: could not connect`,
      )
      expect((await dashboard.request('/api/download-clients')).status).toBe(200)
    })
  })
}

describeClient({
  kind: 'qbittorrent',
  start: () => startQbittorrent(),
  has: async (daemon) => (await qbittorrentTorrents(daemon)).map((torrent) => ({ hash: torrent.hash, category: torrent.category })),
  version: /^v\d+\.\d+/,
})
describeClient({
  kind: 'transmission',
  start: () => startTransmission(),
  has: async (daemon) =>
    (await transmissionTorrents(daemon)).map((torrent) => ({ hash: torrent.hashString, category: torrent.labels[0] ?? null })),
  version: /^\d+\.\d+/,
})
