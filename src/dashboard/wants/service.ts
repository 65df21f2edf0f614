import { randomUUID } from 'node:crypto'
import { AppError } from '../../app-error'
import { BadRequestError } from '../../http'
import { type ContentType, resolveTvAlias, type WantRegistration, wordsOf } from '../../vocabulary'
import type { NotificationService } from '../notifications'
import type { CreateWantInput, UpdateWantInput, Want, WantStatus } from './model'
import { priorityLabel, priorityValue } from './priority'
import type { WantRepository, WantRow } from '../store'

export class WantNotFoundError extends AppError {
  constructor(id: string) {
    super('not_found', `no want with id ${id}`)
  }
}

/** C0 and C1 control characters and DEL: NUL and the like, which no title or query holds (issue 29.7). */
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/
/** The same, but tab and line breaks, which notes (a multi-line field) may hold. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/

/** Refuses text holding control characters, naming the field: stored wants never hold them. */
function checkText(input: Partial<Pick<CreateWantInput, 'title' | 'query' | 'notes'>>): void {
  for (const field of ['title', 'query'] as const)
    if (input[field] !== undefined && CONTROL.test(input[field]))
      throw new BadRequestError(`${field}: must not hold control characters (such as NUL or a line break)`)
  if (input.notes !== undefined && CONTROL_BUT_LINES.test(input.notes))
    throw new BadRequestError('notes: must not hold control characters (such as NUL) other than tabs and line breaks')
}

const toWant = (row: WantRow): Want => ({
  id: row.id,
  title: row.title,
  content_type: row.contentType,
  query: row.query,
  priority: priorityLabel(row.priority),
  priority_value: row.priority,
  status: row.status,
  notes: row.notes,
  created_at: row.createdAt,
  updated_at: row.updatedAt,
  fulfilled_by: row.status === 'fulfilled' ? row.fulfilledBy : null,
})

/**
 * Wants and their status moves (DESIGN.md 3.3): active and paused switch freely, anything may
 * become fulfilled, a fulfilled want may be re-opened as active. Fulfilment, by the operator or by
 * the indexer matching a torrent, notifies `want_fulfilled`. Every change of the active set is
 * announced to `onActiveChange` listeners, which register it with the core.
 */
export function createWantService(deps: { repository: WantRepository; notifications: NotificationService }) {
  const listeners: (() => void)[] = []
  const changed = () => {
    for (const listener of listeners) listener()
  }
  const checkQuery = (query: string) => {
    if (wordsOf(query).length === 0) throw new BadRequestError('query: must hold at least one word (letters or digits)')
  }
  const notifyFulfilled = (row: WantRow, because: string) =>
    deps.notifications.notify('want_fulfilled', `Want "${row.title}" fulfilled${because}`, `want:${row.id}:${row.updatedAt}`)

  return {
    list: (): Want[] => deps.repository.list().map(toWant),

    get(id: string): Want {
      const row = deps.repository.find(id)
      if (!row) throw new WantNotFoundError(id)
      return toWant(row)
    },

    create(input: CreateWantInput): Want {
      checkText(input)
      checkQuery(input.query)
      const now = new Date().toISOString()
      const row = deps.repository.insert({
        id: randomUUID(),
        title: input.title.trim(),
        contentType: input.content_type,
        query: input.query.trim(),
        priority: priorityValue(input.priority),
        status: 'active',
        notes: input.notes ?? '',
        createdAt: now,
        updatedAt: now,
        fulfilledBy: null,
      })
      changed()
      return toWant(row)
    },

    /** Only the supplied fields change (spec 3). */
    update(id: string, input: UpdateWantInput): Want {
      const current = deps.repository.find(id)
      if (!current) throw new WantNotFoundError(id)
      checkText(input)
      if (input.query !== undefined) checkQuery(input.query)
      if (current.status === 'fulfilled' && input.status === 'paused')
        throw new BadRequestError('status: a fulfilled want can be re-opened as active, not paused')
      const becomesFulfilled = input.status === 'fulfilled' && current.status !== 'fulfilled'
      const row = deps.repository.update(id, {
        ...(input.title !== undefined && { title: input.title.trim() }),
        ...(input.content_type !== undefined && { contentType: input.content_type }),
        ...(input.query !== undefined && { query: input.query.trim() }),
        ...(input.priority !== undefined && { priority: priorityValue(input.priority) }),
        ...(input.status !== undefined && { status: input.status }),
        ...(input.notes !== undefined && { notes: input.notes }),
        ...(input.status === 'active' && { fulfilledBy: null }),
        updatedAt: new Date().toISOString(),
      })
      if (!row) throw new WantNotFoundError(id)
      if (becomesFulfilled) notifyFulfilled(row, '')
      changed()
      return toWant(row)
    },

    remove(id: string): void {
      if (!deps.repository.delete(id)) throw new WantNotFoundError(id)
      changed()
    },

    /**
     * The indexer found a torrent for want `id`: an active want becomes fulfilled by it (with a
     * notification); a paused, fulfilled or deleted one is left as it is. Returns whether it moved.
     */
    fulfilByTorrent(id: string, torrent: { infoHash: string; title: string }): boolean {
      const current = deps.repository.find(id)
      if (current?.status !== 'active') return false
      const row = deps.repository.update(id, {
        status: 'fulfilled' satisfies WantStatus,
        fulfilledBy: torrent.infoHash,
        updatedAt: new Date().toISOString(),
      })
      if (!row) return false
      notifyFulfilled(row, ` by ${torrent.title}`)
      changed()
      return true
    },

    /** The active wants as the core registers them (`tv` is the core's tv_show). */
    registrations(): WantRegistration[] {
      return deps.repository.listActive().map((row) => ({
        id: row.id,
        query: row.query,
        // Stored wants were checked against WANT_CONTENT_TYPES.
        contentType: resolveTvAlias(row.contentType) as ContentType,
      }))
    },

    onActiveChange(listener: () => void): void {
      listeners.push(listener)
    },
  }
}

export type WantService = ReturnType<typeof createWantService>
