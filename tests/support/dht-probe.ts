import bencode from 'bencode'
import { createSocket, type Socket } from 'node:dgram'

/** A UDP port free right now on 127.0.0.1, for a service that must be told its DHT port. */
export async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4')
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  const { port } = socket.address()
  await new Promise<void>((resolve) => socket.close(() => resolve()))
  return port
}

export interface KrpcReply {
  y: string
  r: Record<string, unknown>
  e?: unknown
}

/** Sends one KRPC query from `socket` and waits for the reply with its transaction id. */
export function krpcQuery(socket: Socket, port: number, q: string, a: Record<string, unknown>, timeoutMs = 15_000): Promise<KrpcReply> {
  const t = Buffer.from([Math.floor(Math.random() * 256), Math.floor(Math.random() * 256)])
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('message', onMessage)
      reject(new Error(`no answer to ${q}`))
    }, timeoutMs)
    const onMessage = (message: Buffer) => {
      let decoded: Record<string, unknown>
      try {
        decoded = bencode.decode(message) as Record<string, unknown>
      } catch {
        return
      }
      if (!(decoded.t instanceof Uint8Array) || !Buffer.from(decoded.t).equals(t)) return
      clearTimeout(timer)
      socket.off('message', onMessage)
      resolve({ y: Buffer.from(decoded.y as Uint8Array).toString(), r: (decoded.r ?? {}) as Record<string, unknown>, e: decoded.e })
    }
    socket.on('message', onMessage)
    socket.send(Buffer.from(bencode.encode({ t, y: 'q', q, a })), port, '127.0.0.1')
  })
}

/** One sample of a metric from /metrics (0 when absent), matching the given labels. */
export async function metricValue(baseUrl: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text()
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`)
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue
    const rest = line.slice(name.length)
    if (rest[0] !== ' ' && rest[0] !== '{') continue
    if (wanted.every((pair) => rest.includes(pair))) return Number(line.split(' ').at(-1))
  }
  return 0
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 200): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`)
    await Bun.sleep(everyMs)
  }
}
