import { AppError } from '../../app-error'

/** No tier matched while auth is enforced: 401 (DESIGN.md 5.5). Says what would work, never why the attempt failed. */
export class DashboardUnauthorizedError extends AppError {
  constructor() {
    super('unauthorized', 'authentication required: a dashboard API key (apikey, Bearer or X-API-Key) or a session')
  }
}
