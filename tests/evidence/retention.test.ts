/** Issue 30.2: the evidence is bounded by itself: bodies past their age or the budget are pruned to the facts, oldest first. */
import { expect, test } from 'bun:test'
import type { EvidenceReport } from '../../src/evidence/model'
import { createEvidenceRetention } from '../../src/evidence/retention'
import { openEngineIndex } from '../support/engine-index'
import { describeOnEngines, type EngineUnderTest } from '../support/engines'
import { quietLog } from '../support/test-index'

const NOW = Date.parse('2026-03-01T00:00:00.000Z')
const DAY = 86_400_000

const report = (n: number, atMs: number, bodyBytes: number): EvidenceReport => ({
  instance: 'radarr',
  client: 'radarr',
  event: 'Download',
  type: 'download',
  result: 'success',
  infoHash: n.toString(16).padStart(40, '0'),
  occurredAt: new Date(atMs).toISOString(),
  receivedAt: new Date(atMs).toISOString(),
  label: null,
  payload: `{"n":${n}}`.padEnd(bodyBytes, ' '),
})

async function open(engine: EngineUnderTest, payload: { maxBytes: number; keepDays: number; budgetBytes: number }) {
  const { store, sql } = await openEngineIndex(engine)
  const record = (counted: EvidenceReport) =>
    store.evidence.record(counted, { grabs: 0, scoreDelta: 0, label: null }, { duplicateWindowMs: 60_000, labelledAt: NOW / 1000 })
  const retention = createEvidenceRetention({ store: store.evidence, payload, log: quietLog, nowMs: () => NOW })
  const rows = async () =>
    (
      await sql.all<{ info_hash: Uint8Array; result: string; kept: unknown }>(
        'SELECT info_hash, result, octet_length(payload) AS kept FROM evidence ORDER BY id',
      )
    ).map((row) => ({ ...row, kept: Number(row.kept) }))
  const counted = async () => Number((await sql.get<{ payload_bytes: unknown }>('SELECT payload_bytes FROM evidence_count'))!.payload_bytes)
  return { record, retention, rows, counted }
}

describeOnEngines('createEvidenceRetention', (engine) => {
  test('past the budget the oldest bodies go, each report keeping its facts; the counter matches the table', async () => {
    const { record, retention, rows, counted } = await open(engine, { maxBytes: 32_768, keepDays: 30, budgetBytes: 100_000 })
    for (let n = 1; n <= 10; n++) {
      await record(report(n, NOW - (10 - n) * 1000, 30_000))
      await retention.afterRecord()
      expect(await counted()).toBeLessThanOrEqual(100_000)
    }
    const kept = await rows()
    expect(kept.map((row) => row.kept > 0)).toEqual([false, false, false, false, false, false, false, true, true, true])
    expect(kept.every((row) => row.result === 'success' && row.info_hash.length === 20)).toBe(true)
    expect(await counted()).toBe(kept.reduce((total, row) => total + row.kept, 0))
  })

  test('bodies older than SERVICE_EVIDENCE_PAYLOAD_DAYS go; newer ones stay', async () => {
    const { record, retention, rows, counted } = await open(engine, { maxBytes: 32_768, keepDays: 30, budgetBytes: 10_000_000 })
    for (const [n, ageDays] of [
      [1, 45],
      [2, 31],
      [3, 29],
      [4, 1],
    ])
      await record(report(n!, NOW - ageDays! * DAY, 1000))
    expect(await retention.prune()).toBe(2)
    expect((await rows()).map((row) => row.kept)).toEqual([0, 0, 1000, 1000])
    expect(await counted()).toBe(2000)
    expect(await retention.prune()).toBe(0)
  })
})
