// bittorrent-dht (with its k-rpc layer), bittorrent-protocol and ut_metadata ship no types; these cover the
// calls the crawler (and the test swarm) make, at the pinned versions in package.json.
declare module 'bittorrent-dht' {
  import { EventEmitter } from 'node:events'
  export interface KrpcMessage {
    t?: Uint8Array
    y?: Uint8Array | string
    q?: Uint8Array | string
    a?: Record<string, unknown>
    r?: Record<string, unknown>
    e?: unknown
  }
  export interface RemoteInfo {
    address: string
    port: number
  }
  export interface KrpcSocket extends EventEmitter {
    inflight: number
    query(
      peer: { host: string; port: number },
      message: KrpcMessage,
      cb?: (err: Error | null, reply: KrpcMessage | null, from: RemoteInfo) => void,
    ): number
  }
  export interface Krpc extends EventEmitter {
    id: Uint8Array
    socket: KrpcSocket
    nodes: { closest(target: Uint8Array, count?: number): { id: Uint8Array; host: string; port: number }[]; count(): number }
    query(
      node: { host: string; port: number },
      message: KrpcMessage,
      cb: (err: Error | null, reply: KrpcMessage | null, from: RemoteInfo) => void,
    ): void
    response(
      peer: RemoteInfo,
      query: KrpcMessage,
      response: Record<string, unknown>,
      nodes?: { id: Uint8Array; host: string; port: number }[],
    ): void
    error(peer: RemoteInfo, query: KrpcMessage, error: [number, string]): void
  }
  export interface DHTOptions {
    nodeId?: Uint8Array | string
    bootstrap?: false | (string | { host: string; port: number })[]
    host?: string | false
    krpc?: Krpc
    timeBucketOutdated?: number
    maxAge?: number
  }
  export default class DHT extends EventEmitter {
    constructor(options?: DHTOptions)
    nodeId: Uint8Array
    listening: boolean
    _rpc: Krpc
    listen(port: number, host: string, onListening?: () => void): void
    address(): { address: string; port: number }
    announce(infoHash: string | Uint8Array, port: number, cb?: (err?: Error) => void): void
    lookup(infoHash: string | Uint8Array, cb?: (err?: Error) => void): () => void
    addNode(node: { host: string; port: number; id?: Uint8Array }): void
    toJSON(): { nodes: { host: string; port: number; id?: string }[] }
    destroy(cb?: () => void): void
  }
}

declare module 'bittorrent-protocol' {
  import { Duplex } from 'node:stream'
  export interface Extension {
    onHandshake?(infoHash: string, peerId: string, extensions: Record<string, boolean>): void
    onExtendedHandshake?(handshake: Record<string, unknown>): void
    onMessage?(buf: Uint8Array): void
  }
  export type ExtensionConstructor = new (wire: Wire) => Extension
  export default class Wire extends Duplex {
    constructor()
    peerExtendedHandshake: Record<string, unknown>
    extendedHandshake: Record<string, unknown>
    use(extension: ExtensionConstructor): void
    handshake(infoHash: string | Uint8Array, peerId: string | Uint8Array, extensions?: { dht?: boolean; fast?: boolean }): void
    on(event: 'handshake', listener: (infoHash: string, peerId: string, extensions: Record<string, boolean>) => void): this
    // biome-ignore lint/suspicious/noExplicitAny: the library emits events of many shapes; the typed overloads above cover the ones we use
    on(event: string, listener: (...args: any[]) => void): this
    [extension: string]: unknown
  }
}

declare module 'ut_metadata' {
  import type { ExtensionConstructor } from 'bittorrent-protocol'
  export default function utMetadata(metadata?: Uint8Array): ExtensionConstructor
}
