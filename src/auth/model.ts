import { t } from 'elysia'

/**
 * The query of a route that only takes the key: `apikey` for clients that cannot send headers.
 * Other parameters are dropped, not refused (Elysia normalises), so a client adding its own is served.
 */
export const ApiKeyQuery = t.Object({ apikey: t.Optional(t.String()) })
