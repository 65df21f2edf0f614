import { describe, expect, test } from 'bun:test'
import { createImportSession } from '../../src/importer'
import { importJsonLines } from '../../src/importer/json-lines-input'
import { openTestIndex } from '../support/test-index'

describe('importJsonLines', () => {
  test('gives the event loop turns while a body that is all there already is written (issue 30.8: /healthz waited)', async () => {
    const { pipeline } = openTestIndex({ batchSize: 500 })
    let text = ''
    for (let n = 0; n < 5_000; n++)
      text += `${JSON.stringify({ infoHash: n.toString(16).padStart(40, '0'), name: `Turns.Show.S01E${n % 90}.1080p.WEB-DL-GRP`, size: 1 })}\n`
    const body = new Response(text).body!
    let turnsDuringImport = 0
    let isImporting = true
    const tick = () => {
      if (!isImporting) return
      turnsDuringImport++
      setImmediate(tick)
    }
    setImmediate(tick)
    const session = createImportSession({ pipeline, onRejected: () => {} })
    await importJsonLines(body, 'body', session)
    const summary = await session.finish()
    isImporting = false
    expect(summary).toEqual({ imported: 5_000, updated: 0, rejected: 0 })
    // Ten batches of 500, each written at once: a turn between them at the least (none before the fix).
    expect(turnsDuringImport).toBeGreaterThan(5)
  })
})
