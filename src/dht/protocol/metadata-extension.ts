import type { ExtensionConstructor, Extension } from 'bittorrent-protocol'
import utMetadata from 'ut_metadata'
import { FetchError } from './fetch-error'
import { infoMatchesHash } from './verify-info'

/** BEP 9 splits the info dict into 16 KiB pieces. */
const PIECE_BYTES = 16 * 1024

interface Outcome {
  fetched(info: Uint8Array): void
  failed(err: FetchError): void
}

// The fields of ut_metadata's class that the overrides below read (its own, at the pinned version).
interface UtMetadataInternals extends Extension {
  _numPieces: number
  _metadataSize: number
  _onData(piece: unknown, buf: Uint8Array, totalSize: unknown): void
  cancel(): void
  fetch(): void
}

/**
 * ut_metadata's BEP 9 exchange with the checks a crawler facing hostile peers needs and the
 * library leaves out: our own size cap instead of its fixed 10 MB, pieces that must fall inside
 * the announced size (it writes wherever the peer says), verification against SHA-1 or the v2
 * SHA-256 (it knows only SHA-1), the verified bytes exactly as received (it re-encodes them),
 * and a peer that sends one bad piece is done (it asks again, a stall in waiting).
 */
export function verifiedMetadataExtension(infoHash: string, maxBytes: number, outcome: Outcome): ExtensionConstructor {
  const Base = utMetadata() as unknown as new (wire: unknown) => UtMetadataInternals
  return class VerifiedMetadata extends Base {
    override onExtendedHandshake(handshake: Record<string, unknown>): void {
      const m = handshake.m as Record<string, unknown> | undefined
      if (!m || typeof m !== 'object' || !m.ut_metadata)
        return void outcome.failed(new FetchError('no_metadata', 'peer does not offer ut_metadata'))
      const size = handshake.metadata_size
      if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0)
        return void outcome.failed(new FetchError('no_metadata', 'peer gave no usable metadata_size'))
      if (size > maxBytes)
        return void outcome.failed(new FetchError('too_large', `peer claims ${size} bytes of metadata, over the ${maxBytes} cap`))
      super.onExtendedHandshake!(handshake)
    }

    override _onData(piece: unknown, buf: Uint8Array, totalSize: unknown): void {
      if (typeof piece !== 'number' || !Number.isInteger(piece) || piece < 0 || piece >= this._numPieces) {
        return void outcome.failed(new FetchError('bad_piece', `peer sent piece ${String(piece)} of ${this._numPieces}`))
      }
      const expected = piece === this._numPieces - 1 ? this._metadataSize - piece * PIECE_BYTES : PIECE_BYTES
      if (buf.length !== expected)
        return void outcome.failed(new FetchError('bad_piece', `piece ${piece} has ${buf.length} bytes, not ${expected}`))
      super._onData(piece, buf, totalSize)
    }

    async setMetadata(metadata: Uint8Array): Promise<boolean> {
      this.cancel()
      if (!infoMatchesHash(metadata, infoHash)) {
        outcome.failed(new FetchError('hash_mismatch', 'metadata does not hash to the info hash'))
        return false
      }
      outcome.fetched(metadata)
      return true
    }

    // setMetadata reported the mismatch; the library would ask the same peer again.
    _failedMetadata(): void {}
  }
}
