import { AppError } from '../app-error'

/** A text that is neither a magnet nor an info hash; `field` names it as sent (`targets[1]`). */
export class InvalidFetchTargetError extends AppError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super('invalid_fetch_target', `${field} ${message}`)
  }
}

/** SERVICE_DHT_ENABLED=false: nothing could look for the torrent. */
export class CrawlerOffError extends AppError {
  constructor() {
    super('crawler_off', 'the DHT crawler is off (SERVICE_DHT_ENABLED=false): nothing can fetch a torrent by hash')
  }
}
