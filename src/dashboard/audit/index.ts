export { AUDIT_KINDS, type AuditKind } from './model'
export { auditRoutes } from './routes'
export { type AuditService, createAuditService } from './service'
