import { t } from 'elysia'

/** `/metrics` takes no parameters; unknown ones are dropped, not refused, as scrapers may add their own. */
export const MetricsQuery = t.Object({})
