import { AppError } from '../app-error'

/** Metainfo that cannot describe a torrent: bad bencode, missing or mistyped fields. */
export class MetainfoError extends AppError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('metainfo_invalid', message, options)
  }
}
