import { AppError } from '../../app-error'

export class NotificationTargetNotFoundError extends AppError {
  constructor(id: string) {
    super('not_found', `no notification target with id ${id}`)
  }
}

/** A receiver did not take a test notification: a 502 with its reason, the token redacted. */
export class NotificationTargetFailedError extends AppError {
  constructor(message: string) {
    super('notification_target_failed', message)
  }
}
