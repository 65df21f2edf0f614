/** The reranker and its chat-completions client, through the real service against a loopback model server. */
import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openDatabase } from '../../../src/store/sqlite'
import { startService, type RunningService } from '../../support/processes'
import { completion, startModelServer } from '../../support/model-server'
import { makeTempDir } from '../../support/temp-dir'

const hash = (i: number) => i.toString(16).padStart(40, 'a')

describe('the rerank in the running service', () => {
  const dataDir = makeTempDir()
  let service: RunningService
  const model = startModelServer(async (prompt) => {
    if (prompt.includes('Quiet Lake Diaries')) return completion('tv_show')
    if (prompt.includes('Server Error Thing')) return new Response('{"error":"overloaded"}', { status: 500 })
    // Never answers: only the service's timeout ends the request.
    if (prompt.includes('Slow Thing')) return new Promise<Response>(() => {})
    if (prompt.includes('Rambling Thing')) return completion('Could be a movie, could be a tv_show.')
    return completion('other')
  })
  afterAll(() => {
    service?.child.kill('SIGKILL')
    model.server.stop(true)
  })

  const storedOf = (infoHash: string) => {
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    try {
      return db.sqlite
        .query(
          `SELECT c.content_type, c.categories, c.confidence, c.fired_rules FROM torrents t
           JOIN torrent_classifications c ON c.torrent_id = t.id WHERE t.info_hash = ?`,
        )
        .get(Buffer.from(infoHash, 'hex')) as { content_type: string; categories: string; confidence: number; fired_rules: string }
    } finally {
      db.close()
    }
  }

  test('asks the model about torrents the rules could not place, and stores its choice', async () => {
    service = await startService({
      DATA_DIR: dataDir,
      SERVICE_LLM_URL: `http://127.0.0.1:${model.server.port}/v1`,
      SERVICE_LLM_MODEL: 'test-model',
      SERVICE_LLM_API_KEY: 'llm-secret',
      // Long enough for every answer the model gives on a loaded machine.
      SERVICE_LLM_TIMEOUT: '5s',
      SERVICE_INGEST_FLUSH_INTERVAL: '50ms',
    })
    const lines = [
      { infoHash: hash(1), name: 'Quiet Lake Diaries', size: 9_000_000_000 },
      { infoHash: hash(2), name: 'Breaking.Bad.S01E02.720p.BluRay.x264-DEMAND', size: 1_000_000_000 },
      { infoHash: hash(3), name: 'Server Error Thing', size: 1_000 },
      { infoHash: hash(4), name: 'Slow Thing', size: 1_000 },
      { infoHash: hash(5), name: 'Rambling Thing', size: 1_000 },
    ]
    const response = await fetch(`${service.baseUrl}/import`, { method: 'POST', body: lines.map((l) => JSON.stringify(l)).join('\n') })
    expect(response.status).toBe(200)

    await waitFor(() => storedOf(hash(1)).content_type === 'tv_show')
    const reranked = storedOf(hash(1))
    expect(JSON.parse(reranked.categories)).toContain(5000)
    expect(JSON.parse(reranked.fired_rules)).toContain('llm-rerank')
    expect(reranked.confidence).toBeGreaterThanOrEqual(0.6)

    const asked = model.requests.find((request) => request.messages.at(-1)!.content.includes('Quiet Lake Diaries'))!
    expect(asked.model).toBe('test-model')
    expect(asked.authorization).toBe('Bearer llm-secret')
    expect(asked.messages[0]!.role).toBe('system')
  })

  test('never asks about a torrent the rules placed for sure', () => {
    expect(model.requests.some((request) => request.messages.at(-1)!.content.includes('Breaking.Bad'))).toBe(false)
    expect(storedOf(hash(2)).content_type).toBe('tv_show')
  })

  test("keeps the rules' result on an HTTP error, a timeout or an answer naming no single type", async () => {
    await waitFor(() => service.logs.filter((line) => line.includes('rerank failed')).length >= 2)
    await Bun.sleep(100)
    for (const i of [3, 4, 5]) {
      const stored = storedOf(hash(i))
      expect(stored.content_type).toBe('other')
      expect(JSON.parse(stored.fired_rules)).not.toContain('llm-rerank')
    }
    expect(service.logs.some((line) => line.includes('no answer within 5000 ms'))).toBe(true)
    expect(service.logs.some((line) => line.includes('HTTP 500 from the model server'))).toBe(true)
    expect((await fetch(`${service.baseUrl}/healthz`)).status).toBe(200)
  })
})

async function waitFor(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await Bun.sleep(25)
  }
}
