/**
 * The core's bounds under hostile load (issue 30), each against a fresh core process:
 *   - disk growth of the data folder under a 10 s webhook flood (60 KB bodies from 8 clients on one
 *     address), with the default intake rate limit and with it off;
 *   - the core's peak RSS while 10 clients list the feed (limit 100) over 2,000 torrents whose
 *     names are as long as SERVICE_MAX_NAME_LENGTH allows (sent 1,000,000 characters long, about
 *     the longest a JSON line may carry);
 *   - the core's peak RSS and the time of one 200 MB POST /import;
 *   - the peak RSS of `cli import` of one .torrent with a million files.
 *   bun bench/limits.ts [flood] [feed] [import] [files]   (all four when none is named)
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { radarrV5Download } from '../tests/support/arr-payloads'
import { childEnv, REPO_ROOT, startService, type RunningService } from '../tests/support/processes'
import { makeTempDir } from '../tests/support/temp-dir'

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`

/** Peak RSS of a process so far, polled from /proc (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match![1]) / 1024
}

/** A process's resident set size now (VmRSS), in MB. */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Number(match![1]) / 1024
}

/** Starts a process's peak RSS over from its current RSS (Linux: 5 in clear_refs resets VmHWM). */
function resetPeakRss(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((total, name) => total + statSync(join(dir, name)).size, 0)
}

async function evidenceSettled(service: RunningService): Promise<void> {
  // The intake answers 202 and a queue job records the report: wait until the queue is empty.
  for (;;) {
    const metrics = await (await fetch(`${service.baseUrl}/metrics`)).text()
    const pending = [...metrics.matchAll(/^queue_jobs\{(?=[^}]*queue="evidence")[^}]*status="(pending|retry)"[^}]*\} (\d+)$/gm)].reduce(
      (total, match) => total + Number(match[2]),
      0,
    )
    if (pending === 0) return
    await Bun.sleep(200)
  }
}

async function webhookFlood(rateLimit: string | null): Promise<void> {
  const dataDir = makeTempDir('bench-flood-')
  const service = await startService({ DATA_DIR: dataDir, ...(rateLimit === null ? {} : { SERVICE_INTAKE_RATE_LIMIT: rateLimit }) }, 'core')
  await Bun.sleep(500)
  const before = folderBytes(dataDir)
  const pad = 'p'.repeat(60_000)
  const counts = { accepted: 0, limited: 0 }
  const endsAt = performance.now() + 10_000
  let n = 0
  const client = async () => {
    while (performance.now() < endsAt) {
      const response = await fetch(`${service.baseUrl}/evidence/arr/radarr`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...radarrV5Download((n++).toString(16).padStart(40, 'e')), pad }),
      })
      await response.arrayBuffer()
      if (response.status === 202) counts.accepted++
      else if (response.status === 429) counts.limited++
    }
  }
  await Promise.all(Array.from({ length: 8 }, client))
  await evidenceSettled(service)
  const withLog = folderBytes(dataDir) - before
  // Stopped, the core checkpoints its write-ahead log into index.db and removes it.
  service.child.kill('SIGTERM')
  await service.child.exited
  console.log(
    `webhook flood, 10 s, ${rateLimit === null ? 'default rate limit (300/min)' : 'rate limit off'}: ${counts.accepted} accepted, ${counts.limited} answered 429; data folder +${mb(folderBytes(dataDir) - before)} once the log is checkpointed (+${mb(withLog)} with the write-ahead log, which is reused up to 64 MiB)`,
  )
}

async function feedListing(): Promise<void> {
  const service = await startService({ DATA_DIR: makeTempDir('bench-feed-'), SERVICE_IMPORT_WORKERS: '0' }, 'core')
  const longName = (n: number) => `${String(n).padStart(6, '0')}.Long.Name.2024.1080p.WEB-DL.`.padEnd(1_000_000, 'x')
  for (let from = 0; from < 2_000; from += 5) {
    let body = ''
    for (let n = from; n < from + 5; n++)
      body += `${JSON.stringify({ infoHash: n.toString(16).padStart(40, '0'), name: longName(n), size: 1_000_000 })}\n`
    await (await fetch(`${service.baseUrl}/import`, { method: 'POST', body })).arrayBuffer()
  }
  await Bun.sleep(2_000)
  const before = rssMb(service.child.pid)
  resetPeakRss(service.child.pid)
  let bytes = 0
  await Promise.all(
    Array.from({ length: 10 }, async (_, client) => {
      for (let page = 0; page < 20; page++) {
        const response = await fetch(`${service.baseUrl}/torznab/api?t=search&limit=100&offset=${((client + page) % 20) * 100}`)
        bytes = Math.max(bytes, (await response.arrayBuffer()).byteLength)
      }
    }),
  )
  console.log(
    `feed listing, names sent 1,000,000 characters long and kept at 512: largest page (100 items) ${(bytes / 1e3).toFixed(0)} KB; core peak RSS while 10 clients list 20 pages each ${peakRssMb(service.child.pid).toFixed(0)} MB (${before.toFixed(0)} MB before)`,
  )
  service.child.kill()
  await service.child.exited
}

async function bigImport(): Promise<void> {
  const service = await startService({ DATA_DIR: makeTempDir('bench-import-') }, 'core')
  const totalBytes = 200 * 1024 * 1024
  const encoder = new TextEncoder()
  let sent = 0
  let n = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close()
      let text = ''
      for (let i = 0; i < 1000; i++, n++) {
        const name = `Big.Import.Show.S${String(n % 30).padStart(2, '0')}E${String(n % 99).padStart(2, '0')}.1080p.WEB-DL.x264-GRP.${n}`
        text += `${JSON.stringify({ infoHash: n.toString(16).padStart(40, '0'), name, size: 1_000_000 + n, files: [{ path: `${name}/${name}.mkv`, size: 1_000_000 + n }] })}\n`
      }
      const bytes = encoder.encode(text)
      sent += bytes.length
      controller.enqueue(bytes)
    },
  })
  const before = peakRssMb(service.child.pid)
  resetPeakRss(service.child.pid)
  const startedMs = performance.now()
  const response = await fetch(`${service.baseUrl}/import`, { method: 'POST', body, headers: { 'content-type': 'application/x-ndjson' } })
  const summary = (await response.json()) as { imported: number }
  const seconds = (performance.now() - startedMs) / 1000
  console.log(
    `POST /import of ${mb(sent)} (${summary.imported} torrents, HTTP ${response.status}) in ${seconds.toFixed(0)} s: core peak RSS during it ${peakRssMb(service.child.pid).toFixed(0)} MB (${before.toFixed(0)} MB at start)`,
  )
  service.child.kill()
  await service.child.exited
}

/** A bencoded .torrent of `count` files, written piece by piece (the whole list never as one string). */
function writeManyFileTorrent(path: string, count: number): number {
  const parts: string[] = ['d4:infod5:filesl']
  for (let i = 0; i < count; i++) {
    const name = `file-${String(i).padStart(7, '0')}.bin`
    parts.push(`d6:lengthi${i + 1}e4:pathl${name.length}:${name}ee`)
  }
  parts.push('e4:name10:many-files12:piece lengthi16384e6:pieces20:aaaaaaaaaaaaaaaaaaaaee')
  const text = parts.join('')
  writeFileSync(path, text, 'latin1')
  return text.length
}

async function millionFileTorrent(): Promise<void> {
  const dir = makeTempDir('bench-files-')
  const path = join(dir, 'many.torrent')
  const size = writeManyFileTorrent(path, 1_000_000)
  const child = Bun.spawn([process.execPath, 'src/cli.ts', 'import', path], {
    cwd: REPO_ROOT,
    env: childEnv({ DATA_DIR: join(dir, 'data') }),
    stdout: 'pipe',
    stderr: 'ignore',
  })
  let peak = 0
  const poll = setInterval(() => {
    try {
      peak = Math.max(peak, peakRssMb(child.pid))
    } catch {}
  }, 20)
  const output = await new Response(child.stdout).text()
  await child.exited
  clearInterval(poll)
  console.log(`cli import of a ${mb(size)} .torrent with 1,000,000 files: peak RSS ${peak.toFixed(0)} MB; ${output.trim()}`)
}

const parts = Bun.argv.slice(2)
const wants = (part: string) => parts.length === 0 || parts.includes(part)
if (wants('flood')) {
  await webhookFlood(null)
  await webhookFlood('0')
}
if (wants('feed')) await feedListing()
if (wants('import')) await bigImport()
if (wants('files')) await millionFileTorrent()
