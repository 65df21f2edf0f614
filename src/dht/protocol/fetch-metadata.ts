import Wire from 'bittorrent-protocol'
import { connect } from 'node:net'
import type { PeerAddress } from './compact'
import { FetchError } from './fetch-error'
import { verifiedMetadataExtension } from './metadata-extension'

export interface FetchMetadataOptions {
  infoHash: string
  peer: PeerAddress
  peerId: Uint8Array
  /** Our listening port, told to the peer in the extended handshake (`p`). */
  peerPort: number
  clientName: string
  maxBytes: number
  /** The whole exchange, connect included. */
  timeoutMs: number
  /** Most unreachable peers never answer the SYN; they are given up on sooner. */
  connectTimeoutMs: number
}

/** Handshakes, bitfields and the like beside the metadata; anything past this is a flood. */
const PROTOCOL_HEADROOM_BYTES = 256 * 1024

/**
 * Downloads the info dict of `infoHash` from one peer over the BitTorrent wire protocol with
 * the BEP 10 extension handshake and BEP 9 ut_metadata, and resolves with its verified bytes.
 * Every way a peer can misbehave ends in a FetchError naming the reason, within `timeoutMs`:
 * refusing, stalling, speaking something else, lying about the size, sending another torrent's
 * metadata or streaming bytes without end.
 */
export function fetchMetadata(options: FetchMetadataOptions): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    let settled = false
    let connected = false
    let received = 0
    const socket = connect({ host: options.peer.host, port: options.peer.port })
    const wire = new Wire()

    const finish = (err: FetchError | null, info?: Uint8Array) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      clearTimeout(connectTimer)
      socket.destroy()
      wire.destroy()
      if (err) reject(err)
      else resolve(info!)
    }
    const lost = (message: string) => finish(new FetchError(connected ? 'closed' : 'connect', message))
    const timer = setTimeout(() => finish(new FetchError('timeout', 'peer too slow')), options.timeoutMs)
    const connectTimer = setTimeout(() => {
      if (!connected) finish(new FetchError('connect', 'connect timed out'))
    }, options.connectTimeoutMs)

    socket.setNoDelay(true)
    socket.on('connect', () => (connected = true))
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > options.maxBytes + PROTOCOL_HEADROOM_BYTES) return finish(new FetchError('flood', `peer sent over ${received} bytes`))
      wire.write(chunk)
    })
    socket.on('error', (err) => lost(err.message))
    socket.on('close', () => lost('peer closed the connection'))
    wire.on('data', (chunk: Uint8Array) => {
      if (!socket.destroyed) socket.write(chunk)
    })
    // The wire ends itself on bytes that are not the BitTorrent protocol.
    wire.on('end', () => finish(new FetchError('handshake', 'peer does not speak the BitTorrent protocol')))
    wire.on('close', () => finish(new FetchError('handshake', 'peer does not speak the BitTorrent protocol')))
    wire.on('error', (err: Error) => finish(new FetchError('handshake', err.message)))
    wire.on('handshake', (infoHash: string, _peerId: string, extensions: Record<string, boolean>) => {
      if (infoHash !== options.infoHash) return finish(new FetchError('handshake', `peer answered for ${infoHash}`))
      if (!extensions.extended) finish(new FetchError('no_metadata', 'peer lacks the extension protocol'))
    })

    wire.use(
      verifiedMetadataExtension(options.infoHash, options.maxBytes, {
        fetched: (info) => finish(null, info),
        failed: (err) => finish(err),
      }),
    )
    ;(wire.ut_metadata as { fetch(): void }).fetch()
    wire.extendedHandshake.p = options.peerPort
    wire.extendedHandshake.v = options.clientName
    wire.handshake(options.infoHash, options.peerId, { dht: true })
  })
}
