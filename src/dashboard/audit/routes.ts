import { Elysia } from 'elysia'
import { AuditQuery, SettingsAuditQuery } from './model'
import type { AuditService } from './service'

const toLimit = (limit: string | undefined) => (limit === undefined ? undefined : Number(limit))

/** GET /api/settings/audit (spec 4.1) and GET /api/audit (DESIGN.md 3.10); nothing writes here. */
export const auditRoutes = (deps: { audit: AuditService }) =>
  new Elysia({ name: 'dashboard-audit' })
    .get('/api/settings/audit', ({ query }) => ({ items: deps.audit.listSettingChanges(toLimit(query.limit)) }), {
      query: SettingsAuditQuery,
    })
    .get('/api/audit', ({ query }) => ({ items: deps.audit.list({ limit: toLimit(query.limit), kind: query.kind }) }), {
      query: AuditQuery,
    })
