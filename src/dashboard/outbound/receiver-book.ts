import type { AppError } from '../../app-error'
import { BadRequestError } from '../../http'
import type { AuditService } from '../audit'

/** The queries a book needs of its feature's repository. */
interface NamedRows<Row> {
  find(id: string): Row | undefined
  findByName(name: string): Row | undefined
  delete(id: string): boolean
}

/**
 * What the two kinds of receiver an operator configures (download clients, notification targets)
 * share: a row by id or the feature's 404, a name unique in any case, and every change as an audit
 * row (kind `setting`, key `<key>:<name>`, actions `<key>_added`, `_changed`, `_removed`) holding
 * the row as `auditView` shows it, secrets masked.
 */
export function createReceiverBook<Row extends { id: string; name: string }>(deps: {
  repository: NamedRows<Row>
  audit: AuditService
  /** `download_client`: the audit key's prefix and the actions' stem. */
  key: string
  /** `download client`: how a refusal names one. */
  what: string
  notFound: (id: string) => AppError
  auditView: (row: Row) => object
}) {
  const record = (action: 'added' | 'changed' | 'removed', name: string, before: Row | null, after: Row | null, changedBy: string) =>
    deps.audit.record({
      kind: 'setting',
      key: `${deps.key}:${name}`,
      action: `${deps.key}_${action}`,
      oldValue: before && deps.auditView(before),
      newValue: after && deps.auditView(after),
      changedBy,
    })

  const row = (id: string): Row => {
    const found = deps.repository.find(id)
    if (!found) throw deps.notFound(id)
    return found
  }

  return {
    row,

    /** The name as stored (trimmed), refused when empty, too long or another's (`exceptId` is the one being changed). */
    readName(raw: string, exceptId?: string): string {
      const name = raw.trim()
      if (name === '' || name.length > 100) throw new BadRequestError('name: must be text of 1 to 100 characters')
      const holder = deps.repository.findByName(name)
      if (holder && holder.id !== exceptId) throw new BadRequestError(`name: another ${deps.what} is called "${holder.name}"`)
      return name
    },

    recordAdded: (row: Row, changedBy: string) => record('added', row.name, null, row, changedBy),
    recordChanged: (before: Row, after: Row, changedBy: string) => record('changed', after.name, before, after, changedBy),

    remove(id: string, changedBy: string): void {
      const current = row(id)
      if (!deps.repository.delete(id)) throw deps.notFound(id)
      record('removed', current.name, current, null, changedBy)
    },
  }
}
