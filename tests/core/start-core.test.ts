import { afterAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { openDatabase } from '../../src/store/sqlite'
import { childEnv, collectLines, REPO_ROOT, safeJson, startService, type RunningService } from '../support/processes'
import { makeTempDir } from '../support/temp-dir'

const line = (i: number) =>
  JSON.stringify({ infoHash: i.toString(16).padStart(40, '0'), name: `Streamed.Release.${i}.1080p.WEB-DL-GRP`, size: 1000 + i })

function integrityOf(path: string): unknown {
  const db = openDatabase(path)
  const result = db.sqlite.query('PRAGMA integrity_check').get()
  db.close()
  return result
}

describe('the core service', () => {
  const dataDir = makeTempDir()
  let service: RunningService
  afterAll(() => service?.child.kill('SIGKILL'))

  test('starts on its port, migrates, and answers /healthz', async () => {
    service = await startService({ DATA_DIR: dataDir, TORZNAB_API_KEY: 'test-key-0123456789' })
    const response = await fetch(`${service.baseUrl}/healthz`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', components: { db: 'up', torrent: 'up', queue: 'up', dht: 'inactive' } })
    expect(service.logs.some((logLine) => safeJson(logLine)?.msg === 'migrations applied')).toBe(true)
  })

  test('POST /import refuses a missing or wrong key', async () => {
    const noKey = await fetch(`${service.baseUrl}/import`, { method: 'POST', body: line(1) })
    expect(noKey.status).toBe(401)
    const wrongKey = await fetch(`${service.baseUrl}/import?apikey=nope`, { method: 'POST', body: line(1) })
    expect(wrongKey.status).toBe(401)
    expect(((await wrongKey.json()) as { error: string }).error).toBe('unauthorized')
  })

  test('POST /import reads a streamed body and reports each rejected line', async () => {
    const encoder = new TextEncoder()
    let sent = 0
    // A body that arrives in many small chunks, with lines split across them.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 20) return controller.close()
        const text = sent === 7 ? 'this is not json\n' : `${line(sent)}\n`
        const bytes = encoder.encode(text)
        controller.enqueue(bytes.subarray(0, 10))
        controller.enqueue(bytes.subarray(10))
        sent++
      },
    })
    const response = await fetch(`${service.baseUrl}/import`, {
      method: 'POST',
      body,
      headers: { authorization: 'Bearer test-key-0123456789', 'content-type': 'application/x-ndjson' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      imported: 19,
      updated: 0,
      rejected: 1,
      rejections: [{ origin: 'body:8', reason: 'not valid JSON' }],
    })
  })

  test('POST /import accepts the key as an HTTP basic password, as *arr webhook settings send it', async () => {
    const response = await fetch(`${service.baseUrl}/import`, {
      method: 'POST',
      body: line(3),
      headers: { authorization: `Basic ${btoa('sonarr:test-key-0123456789')}` },
    })
    expect(await response.json()).toMatchObject({ imported: 0, updated: 1, rejected: 0 })
  })

  test('an unknown path is a JSON 404', async () => {
    const response = await fetch(`${service.baseUrl}/no-such-thing`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: 'not_found', message: 'no such endpoint' })
  })

  test('SIGTERM stops it cleanly with the database closed and intact', async () => {
    service.child.kill('SIGTERM')
    expect(await service.child.exited).toBe(0)
    expect(service.logs.some((logLine) => safeJson(logLine)?.msg === 'stopped')).toBe(true)
    expect(integrityOf(join(dataDir, 'index.db'))).toEqual({ integrity_check: 'ok' })
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    expect(db.sqlite.query('SELECT count(*) AS n FROM torrents').get()).toEqual({ n: 19 })
    db.close()
  })
})

describe('a crash in the middle of a large import', () => {
  test('SIGKILL leaves a database that opens, passes integrity_check and holds every committed batch', async () => {
    const dataDir = makeTempDir()
    // Batches of 2000 and no timed flush, as a file read at full speed commits them.
    const child = Bun.spawn([process.execPath, 'src/cli.ts', 'import', '-'], {
      cwd: REPO_ROOT,
      env: childEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'debug', SERVICE_INGEST_BATCH_SIZE: '2000', SERVICE_INGEST_FLUSH_INTERVAL: '1h' }),
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'pipe',
    })
    let committed = 0
    let batches = 0
    let isKilled = false
    const killedAfterBatches = new Promise<void>((resolve) => {
      collectLines(child.stderr, (logLine) => {
        const record = safeJson(logLine)
        if (record?.msg !== 'ingest batch committed') return
        committed = Number(record.totalImported)
        if (++batches === 10) {
          child.kill('SIGKILL')
          isKilled = true
          resolve()
        }
      })
    })
    // The lines keep coming until the kill, as fast as the import reads them, so the kill lands
    // part-way through however slow the machine is (a file could be read to its end first).
    let sent = 0
    const sending = (async () => {
      while (!isKilled && sent < 3_000_000) {
        child.stdin.write(`${Array.from({ length: 1000 }, (_, i) => line(sent + i)).join('\n')}\n`)
        sent += 1000
        await child.stdin.flush()
      }
    })().catch(() => {}) // the kill closes the pipe under a write
    await killedAfterBatches
    await child.exited
    await sending
    expect(child.signalCode).toBe('SIGKILL')

    expect(integrityOf(join(dataDir, 'index.db'))).toEqual({ integrity_check: 'ok' })
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const { n } = db.sqlite.query('SELECT count(*) AS n FROM torrents').get() as { n: number }
    db.close()
    expect(committed).toBeGreaterThanOrEqual(20_000)
    // Every batch the log reported as committed is there; the kill stopped the import part-way.
    expect(n).toBeGreaterThanOrEqual(committed)
    expect(n).toBeLessThan(sent)
    expect(n % 2000).toBe(0)
  })
})

/** A raw HTTP/1.1 client, so the test controls exactly which bytes of the body arrive and when. */
async function openUpload(baseUrl: string, apiKey: string) {
  const { hostname, port } = new URL(baseUrl)
  let received = ''
  let markClosed = () => {}
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve
  })
  const socket = await Bun.connect({
    hostname,
    port: Number(port),
    socket: {
      data: (_socket, bytes) => {
        received += new TextDecoder().decode(bytes)
      },
      close: () => markClosed(),
      error: () => markClosed(),
    },
  })
  // A body announced as 100 MB that never arrives in full.
  socket.write(`POST /import?apikey=${apiKey} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Length: 100000000\r\n\r\n`)
  return {
    send: (text: string) => socket.write(text),
    /** The response's JSON body once the server has answered and closed the connection. */
    response: async () => {
      await closed
      return JSON.parse(received.slice(received.indexOf('{'), received.lastIndexOf('}') + 1))
    },
  }
}

describe('stopping while a client streams an upload', () => {
  test('SIGTERM cuts a stalled upload at its last complete line, commits and answers it, and exits within 10 s', async () => {
    const dataDir = makeTempDir()
    // Batches of 25 and no timed flush: the last 10 lines are committed by the stop or not at all.
    const service = await startService({
      DATA_DIR: dataDir,
      TORZNAB_API_KEY: 'test-key-0123456789',
      LOG_LEVEL: 'debug',
      SERVICE_INGEST_BATCH_SIZE: '25',
      SERVICE_INGEST_FLUSH_INTERVAL: '1h',
    })
    const upload = await openUpload(service.baseUrl, 'test-key-0123456789')
    upload.send(`${Array.from({ length: 60 }, (_, i) => line(i)).join('\n')}\n${line(60).slice(0, 30)}`)
    const twoBatches = () =>
      service.logs.some((logLine) => {
        const record = safeJson(logLine)
        return record?.msg === 'ingest batch committed' && record.totalImported === 50
      })
    // Lines 51-60 came in the write that held line 50: they were read before its batch was logged.
    while (!twoBatches()) await Bun.sleep(20)

    const stopStartedMs = performance.now()
    service.child.kill('SIGTERM')
    const exitCode = await Promise.race([service.child.exited, Bun.sleep(10_000).then(() => 'still running')])
    const stopMs = performance.now() - stopStartedMs
    if (exitCode === 'still running') service.child.kill('SIGKILL')
    expect(exitCode).toBe(0)
    expect(stopMs).toBeLessThan(10_000)
    console.info(`stop under a stalled upload took ${Math.round(stopMs)} ms`)

    expect(await upload.response()).toEqual({ imported: 60, updated: 0, rejected: 0, rejections: [], interrupted: true })
    expect(integrityOf(join(dataDir, 'index.db'))).toEqual({ integrity_check: 'ok' })
    const db = openDatabase(join(dataDir, 'index.db'), { readonly: true })
    const names = db.sqlite.query('SELECT name FROM torrents ORDER BY size').all() as { name: string }[]
    db.close()
    expect(names.map((row) => row.name)).toEqual(Array.from({ length: 60 }, (_, i) => `Streamed.Release.${i}.1080p.WEB-DL-GRP`))
  }, 60_000)
})
