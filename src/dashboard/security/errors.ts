import { AppError } from '../../app-error'

/** A browser sent a change from a page that is not the dashboard's (DESIGN.md 7.1): 403. */
export class CrossSiteRequestError extends AppError {
  constructor() {
    super(
      'forbidden',
      "a request that changes something must come from the dashboard's own pages, not another site or port. Behind a reverse proxy, set DASHBOARD_PUBLIC_URL to the address you open the dashboard at",
    )
  }
}
