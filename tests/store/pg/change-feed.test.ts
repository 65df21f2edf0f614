/**
 * Changes between processes on PostgreSQL (issue 36): settings, wants, the crawler's pause and
 * enqueued jobs written through one store reach the others' listeners without a restart (a row
 * plus NOTIFY), never their own writer, never another index's, and again after the listening
 * connection was killed.
 */
import { SQL } from 'bun'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { type CoreStore, openStore } from '../../../src/store'
import { channelOf } from '../../../src/store/pg/jobs/changes'
import { waitFor } from '../../support/dht-probe'
import { eventually } from '../../support/notification-receivers'
import { freshPgSchema, pgSkipReason, pgTestCluster } from '../../support/pg-cluster'
import { makeTempDir } from '../../support/temp-dir'
import { quietLog } from '../../support/test-index'

const skip = pgSkipReason()

/** What each store's listeners were told, per port. */
interface Heard {
  settings: number
  wants: number
  crawlerControl: number
  enqueued: string[]
}

const listenTo = (store: CoreStore): Heard => {
  const heard: Heard = { settings: 0, wants: 0, crawlerControl: 0, enqueued: [] }
  store.settings.onExternalChange(() => heard.settings++)
  store.wants.onExternalChange(() => heard.wants++)
  store.crawlerControl.onExternalChange(() => heard.crawlerControl++)
  store.queue.onEnqueuedElsewhere((queue) => heard.enqueued.push(queue))
  return heard
}

const openOn = (url: string) =>
  openStore({ sqlite: { path: join(makeTempDir('pg-changes-'), 'unused.db') }, postgres: { url, readUrls: [] } }, { log: quietLog })

describe.skipIf(skip !== null)(`changes between processes on PostgreSQL${skip ? ` (skipped: ${skip})` : ''}`, () => {
  let schema: string
  let writer: CoreStore
  let reader: CoreStore
  let elsewhere: CoreStore
  let admin: SQL
  let heard: { writer: Heard; reader: Heard; elsewhere: Heard }

  beforeAll(async () => {
    const index = await freshPgSchema('changes')
    schema = index.schema
    writer = await openOn(index.url)
    reader = await openOn(index.url)
    elsewhere = await openOn((await freshPgSchema('changes')).url)
    heard = { writer: listenTo(writer), reader: listenTo(reader), elsewhere: listenTo(elsewhere) }
    admin = new SQL((await pgTestCluster()).adminUrl.replace(/\/[^/?]*(\?|$)/, '/indexer$1'), { max: 1 })
  })

  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close(), elsewhere?.close(), admin?.close()])
  })

  test('a change through one store reaches the other on its index, with the rows already readable; not the writer, not another index', async () => {
    await writer.settings.replaceAll([{ key: 'log_level', value: 'debug' }], '2026-01-01T00:00:00.000Z')
    await writer.wants.replaceWants([{ id: 'w1', query: 'dune', contentType: 'movie' }])
    await writer.crawlerControl.savePaused(true, '2026-01-01T00:00:00.000Z')
    await writer.queue.enqueue({ queue: 'evidence', payload: {} }, 1)
    await eventually(
      () =>
        heard.reader.settings === 1 && heard.reader.wants === 1 && heard.reader.crawlerControl === 1 && heard.reader.enqueued.length === 1,
      'the reader told of each change',
    )
    expect(heard.reader.enqueued).toEqual(['evidence'])
    expect(await reader.settings.load()).toEqual([{ key: 'log_level', value: 'debug' }])
    expect(await reader.crawlerControl.isPaused()).toBe(true)
    // One connection hears in commit order: once the writer hears the reader's job, its own changes came back before it.
    await reader.queue.enqueue({ queue: 'marker', payload: {} }, 2)
    await eventually(() => heard.writer.enqueued.length === 1, "the writer told of the reader's job")
    expect(heard.writer).toEqual({ settings: 0, wants: 0, crawlerControl: 0, enqueued: ['marker'] })
    expect(heard.elsewhere).toEqual({ settings: 0, wants: 0, crawlerControl: 0, enqueued: [] })
  })

  test('a change rolled back is never told', async () => {
    const before = { ...heard.reader }
    const twice = [
      { key: 'log_level', value: 'warn' },
      { key: 'log_level', value: 'error' },
    ]
    await expect(writer.settings.replaceAll(twice, '2026-01-02T00:00:00.000Z')).rejects.toMatchObject({ code: 'store_failed' })
    // A later change is told: had the failed one been sent, it would have been counted before it.
    await writer.crawlerControl.savePaused(false, '2026-01-02T00:00:00.000Z')
    await eventually(() => heard.reader.crawlerControl === before.crawlerControl + 1, 'the later change told')
    expect(heard.reader.settings).toBe(before.settings)
  })

  test('a notification not sent by a store is ignored, and the listening goes on', async () => {
    const before = heard.reader.settings
    await admin`SELECT pg_notify(${channelOf(schema)}, 'not json'), pg_notify(${channelOf(schema)}, '{"topic":"settings"}')`
    await writer.settings.replaceAll([], '2026-01-03T00:00:00.000Z')
    await eventually(() => heard.reader.settings === before + 1, 'the real change told')
  })

  test('after the listening connections are killed, the other store re-reads and hears later changes again', async () => {
    const listening = async (): Promise<number[]> =>
      (await admin`SELECT pid FROM pg_stat_activity WHERE query LIKE ${`LISTEN%${channelOf(schema)}%`}`).map(
        (row: { pid: number }) => row.pid,
      )
    const killed = await listening()
    // The writer's and the reader's.
    expect(killed).toHaveLength(2)
    const before = { ...heard.reader }
    await admin`SELECT pg_terminate_backend(pid) FROM unnest(${killed}::int4[]) AS pid`
    // Sent while the listeners may still be reconnecting: told by the re-read after re-subscribing if the notification was lost.
    await writer.settings.replaceAll([{ key: 'log_level', value: 'info' }], '2026-01-04T00:00:00.000Z')
    await eventually(() => heard.reader.settings > before.settings, 'the change made while reconnecting told')
    expect(await reader.settings.load()).toEqual([{ key: 'log_level', value: 'info' }])
    await waitFor(async () => (await listening()).filter((pid) => !killed.includes(pid)).length === 2, 30_000, 50)
    const after = heard.reader.wants
    await writer.wants.replaceWants([])
    await eventually(() => heard.reader.wants === after + 1, 'a later change told by its notification')
  })

  test('closed stores stop listening', async () => {
    const index = await freshPgSchema('changes')
    const store = await openOn(index.url)
    const listeners = () => admin`SELECT count(*)::int AS n FROM pg_stat_activity WHERE query LIKE ${`LISTEN%${channelOf(index.schema)}%`}`
    expect((await listeners())[0].n).toBe(1)
    await store.close()
    await waitFor(async () => (await listeners())[0].n === 0, 30_000, 50)
  })
})
