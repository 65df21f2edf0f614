/**
 * Real download clients from Debian for the dashboard's send tests (issue 33): qbittorrent-nox and
 * transmission-daemon, each started on loopback ports with a fresh profile in a temp dir and
 * nothing that leaves the machine: peers and the web API bound to 127.0.0.1, DHT, PEX, local peer
 * discovery, UPnP/NAT-PMP, qBittorrent's peer-country lookup (a download) and its update check
 * off. The magnets sent carry no trackers, so the clients have no one to ask for them.
 * `.ci/run` installs both; outside CI a test file skips, saying why, when a binary is missing.
 */
import type { Subprocess } from 'bun'
import { pbkdf2Sync, randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { childEnv, collectLines } from './processes'
import { makeTempDir } from './temp-dir'

export interface RunningDaemon {
  /** The address an operator would type: qBittorrent's Web UI, Transmission's host and port. */
  url: string
  username: string
  password: string
  logs: string[]
  stop(): Promise<void>
}

const BINARIES = { qbittorrent: 'qbittorrent-nox', transmission: 'transmission-daemon' } as const

/**
 * Whether a test file can drive the daemon: `skip` only outside CI, where the reason goes into the
 * skipped describe's title. In CI (`CI` set, as .ci/run runs) a missing binary fails the tests.
 */
export function daemonGate(kind: keyof typeof BINARIES): { skip: boolean; title: string } {
  const binary = BINARIES[kind]
  const isInstalled = Bun.which(binary) !== null
  const skip = !isInstalled && !process.env.CI
  return { skip, title: skip ? `(skipped: ${binary} is not installed; apt-get install -y ${binary})` : `(real ${binary})` }
}

/** A TCP port nothing listens on right now, on loopback. */
function freePort(): number {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const { port } = listener
  listener.stop(true)
  return port
}

/** Polls `probe` until it says the daemon answers, or fails with its logs after 30 s. */
async function waitUntil(probe: () => Promise<boolean>, what: string, logs: string[]): Promise<void> {
  const deadline = Date.now() + 30_000
  for (;;) {
    if (await probe().catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`${what} did not start:\n${logs.join('\n')}`)
    await Bun.sleep(100)
  }
}

function spawnDaemon(command: string[], home: string) {
  const logs: string[] = []
  const child = Bun.spawn(command, { env: childEnv({ HOME: home }), stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  collectLines(child.stdout, (line) => logs.push(line))
  collectLines(child.stderr, (line) => logs.push(line))
  return { child, logs }
}

/** SIGTERM, then SIGKILL if it has not exited within 10 s. */
async function stopDaemon(child: Subprocess): Promise<void> {
  if (child.exitCode !== null) return
  child.kill('SIGTERM')
  const exited = await Promise.race([child.exited.then(() => true), Bun.sleep(10_000).then(() => false)])
  if (!exited) child.kill('SIGKILL')
}

/** qBittorrent's stored form of a Web UI password: PBKDF2-HMAC-SHA512, 100,000 rounds, 16-byte salt, 64-byte key. */
function qbittorrentPasswordHash(password: string): string {
  const salt = randomBytes(16)
  const key = pbkdf2Sync(password, salt, 100_000, 64, 'sha512')
  return `@ByteArray(${salt.toString('base64')}:${key.toString('base64')})`
}

/** qbittorrent-nox with a temp profile, its Web UI on a loopback port behind `username`/`password`. */
export async function startQbittorrent(options: { username?: string; password?: string } = {}): Promise<RunningDaemon> {
  const username = options.username ?? 'operator'
  const password = options.password ?? 'qbt-secret-pass-7391'
  const profile = makeTempDir('qbittorrent-')
  const webPort = freePort()
  const peerPort = freePort()
  mkdirSync(join(profile, 'qBittorrent/config'), { recursive: true })
  writeFileSync(
    join(profile, 'qBittorrent/config/qBittorrent.conf'),
    [
      '[LegalNotice]',
      'Accepted=true',
      '',
      '[BitTorrent]',
      'Session\\DHTEnabled=false',
      'Session\\LSDEnabled=false',
      'Session\\PeXEnabled=false',
      'Session\\Interface=lo',
      'Session\\InterfaceName=lo',
      'Session\\InterfaceAddress=127.0.0.1',
      `Session\\Port=${peerPort}`,
      `Session\\DefaultSavePath=${join(profile, 'downloads')}`,
      '',
      '[Network]',
      'PortForwardingEnabled=false',
      '',
      '[Preferences]',
      'Connection\\ResolvePeerCountries=false',
      'Advanced\\updateCheck=false',
      'WebUI\\Address=127.0.0.1',
      `WebUI\\Port=${webPort}`,
      'WebUI\\UseUPnP=false',
      'WebUI\\LocalHostAuth=true',
      // The wrong-password tests sign in badly on purpose; a ban would fail the tests after them.
      'WebUI\\MaxAuthenticationFailCount=1000',
      `WebUI\\Username=${username}`,
      `WebUI\\Password_PBKDF2="${qbittorrentPasswordHash(password)}"`,
      '',
    ].join('\n'),
  )
  const { child, logs } = spawnDaemon([BINARIES.qbittorrent, `--profile=${profile}`], profile)
  const url = `http://127.0.0.1:${webPort}`
  // Unauthenticated, the version call answers 403 once the Web UI listens.
  await waitUntil(async () => (await fetch(`${url}/api/v2/app/version`)).status === 403, 'qbittorrent-nox', logs)
  return { url, username, password, logs, stop: () => stopDaemon(child) }
}

/** transmission-daemon in the foreground with a temp config dir, its RPC on a loopback port behind `username`/`password`. */
export async function startTransmission(options: { username?: string; password?: string } = {}): Promise<RunningDaemon> {
  const username = options.username ?? 'operator'
  const password = options.password ?? 'tr-secret-pass-5820'
  const configDir = makeTempDir('transmission-')
  const rpcPort = freePort()
  const downloads = join(configDir, 'downloads')
  mkdirSync(downloads)
  writeFileSync(
    join(configDir, 'settings.json'),
    JSON.stringify({
      'bind-address-ipv4': '127.0.0.1',
      'bind-address-ipv6': '::1',
      'dht-enabled': false,
      'lpd-enabled': false,
      'pex-enabled': false,
      'utp-enabled': false,
      'port-forwarding-enabled': false,
      'blocklist-enabled': false,
      'peer-port': freePort(),
      'peer-port-random-on-start': false,
      'rpc-bind-address': '127.0.0.1',
      'rpc-port': rpcPort,
      'rpc-authentication-required': true,
      'rpc-username': username,
      // Plain: the daemon salts and hashes it when it saves its settings.
      'rpc-password': password,
      'rpc-whitelist-enabled': true,
      'rpc-whitelist': '127.0.0.1,::1',
      'download-dir': downloads,
      'incomplete-dir-enabled': false,
    }),
  )
  const { child, logs } = spawnDaemon([BINARIES.transmission, '--foreground', '--config-dir', configDir], configDir)
  const url = `http://127.0.0.1:${rpcPort}`
  await waitUntil(
    async () => (await fetch(`${url}/transmission/rpc`, { method: 'POST', body: '{}' })).status === 401,
    'transmission-daemon',
    logs,
  )
  return { url, username, password, logs, stop: () => stopDaemon(child) }
}

/** The torrents qBittorrent has, signed in as the daemon's user: what the tests check a send against. */
export async function qbittorrentTorrents(daemon: RunningDaemon): Promise<{ hash: string; name: string; category: string }[]> {
  const login = await fetch(`${daemon.url}/api/v2/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: daemon.username, password: daemon.password }),
  })
  const sid = /SID=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
  const list = await fetch(`${daemon.url}/api/v2/torrents/info`, { headers: { cookie: `SID=${sid}` } })
  return (await list.json()) as { hash: string; name: string; category: string }[]
}

/** The torrents Transmission has, with their labels, through its RPC (the 409 handshake included). */
export async function transmissionTorrents(daemon: RunningDaemon): Promise<{ hashString: string; name: string; labels: string[] }[]> {
  const auth = { authorization: `Basic ${Buffer.from(`${daemon.username}:${daemon.password}`).toString('base64')}` }
  const body = JSON.stringify({ method: 'torrent-get', arguments: { fields: ['hashString', 'name', 'labels'] } })
  const first = await fetch(`${daemon.url}/transmission/rpc`, { method: 'POST', headers: auth, body })
  const sessionId = first.headers.get('x-transmission-session-id') ?? ''
  const answer = await fetch(`${daemon.url}/transmission/rpc`, {
    method: 'POST',
    headers: { ...auth, 'x-transmission-session-id': sessionId },
    body,
  })
  return ((await answer.json()) as { arguments: { torrents: { hashString: string; name: string; labels: string[] }[] } }).arguments.torrents
}
