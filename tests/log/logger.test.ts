import { describe, expect, test } from 'bun:test'
import { createLogger, type LogLevel, type LogThreshold } from '../../src/log'

/** A logger writing into an array, and the lines it wrote parsed back. */
function capture(level: LogLevel) {
  const lines: string[] = []
  const log = createLogger({ level, sink: (line) => lines.push(line) })
  return { log, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) }
}

describe('createLogger', () => {
  test('writes one JSON object per line with time, level, message and fields', () => {
    const { log, lines, records } = capture('debug')
    log.info('core listening', { port: 3000, host: '0.0.0.0' })
    expect(lines).toHaveLength(1)
    expect(lines[0]).not.toContain('\n')
    const [record] = records()
    expect(record).toMatchObject({ level: 'info', msg: 'core listening', port: 3000, host: '0.0.0.0' })
    expect(new Date(record!.time as string).toISOString()).toBe(record!.time as string)
  })

  test('drops messages below its level and keeps the rest', () => {
    const { log, records } = capture('warn')
    log.debug('packet')
    log.info('started')
    log.warn('degraded')
    log.error('operator must act')
    expect(records().map((record) => record.level)).toEqual(['warn', 'error'])
  })

  test('at debug, every level is written', () => {
    const { log, records } = capture('debug')
    log.debug('a')
    log.info('b')
    log.warn('c')
    log.error('d')
    expect(records().map((record) => record.msg)).toEqual(['a', 'b', 'c', 'd'])
  })

  test('a child adds its fields to every line, keeps its parent level and sink, and leaves the parent alone', () => {
    const { log, records } = capture('info')
    const dht = log.child({ component: 'dht' })
    const worker = dht.child({ worker: 2 })
    worker.debug('below the level')
    worker.info('listening', { port: 6881 })
    log.info('parent line')
    const [childLine, parentLine, ...rest] = records()
    expect(rest).toEqual([])
    expect(childLine).toMatchObject({ level: 'info', msg: 'listening', component: 'dht', worker: 2, port: 6881 })
    expect(parentLine).toEqual({ time: expect.any(String), level: 'info', msg: 'parent line' })
  })

  test('a shared threshold moves the logger and all its children at once', () => {
    const lines: string[] = []
    const threshold: LogThreshold = { level: 'info' }
    const log = createLogger({ level: threshold, sink: (line) => lines.push(line) })
    const child = log.child({ component: 'ingest' })
    child.debug('hidden')
    threshold.level = 'debug'
    child.debug('shown')
    log.debug('shown too')
    threshold.level = 'error'
    child.warn('hidden again')
    log.error('kept')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['shown', 'shown too', 'kept'])
  })

  test('a field given with the message wins over a child field of the same name', () => {
    const { log, records } = capture('info')
    log.child({ queue: 'evidence' }).warn('job failed', { queue: 'evidence_webhook' })
    expect(records()[0]).toMatchObject({ queue: 'evidence_webhook' })
  })

  test('errors keep their name and message, which JSON.stringify alone would drop', () => {
    const { log, records } = capture('info')
    log.warn('metainfo fetch failed', { infoHash: 'ab'.repeat(20), err: new TypeError('peer hung up') })
    expect(records()[0]).toMatchObject({ err: { name: 'TypeError', message: 'peer hung up' } })
  })

  test('without a sink, lines go to stderr and stdout stays free for command output', async () => {
    const script = `import { createLogger } from ${JSON.stringify(`${import.meta.dir}/../../src/log`)}
createLogger({ level: 'info' }).info('to stderr', { n: 1 })`
    const child = Bun.spawn([process.execPath, '-e', script], { stdout: 'pipe', stderr: 'pipe' })
    const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
    expect(await child.exited).toBe(0)
    expect(stdout).toBe('')
    expect(JSON.parse(stderr.trim())).toMatchObject({ level: 'info', msg: 'to stderr', n: 1 })
    expect(stderr.endsWith('\n')).toBe(true)
  })
})
