import { t } from 'elysia'

/**
 * `/healthz` and `/api/v1/status` take no parameters. Unknown ones are dropped, not refused
 * (Elysia normalises), so a probe that appends its own still gets an answer.
 */
export const HealthQuery = t.Object({})
