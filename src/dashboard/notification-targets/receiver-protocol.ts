import type { Notice, NotificationTargetKind } from './model'

/** The HTTP request that delivers one notice. */
export interface ReceiverRequest {
  url: string
  headers: Record<string, string>
  body: string
}

/** A target as a protocol needs it: where, and the token as stored. */
export interface TargetAccess {
  url: string
  token: string | null
}

/** How one kind of receiver is spoken to (each kind's file implements it; pure, no I/O). */
export interface ReceiverProtocol {
  /** The POST that delivers `notice`, fitted to the receiver's limits. */
  request(target: TargetAccess, notice: Notice): ReceiverRequest
  /** The receiver's reason for refusing, in words, from its error body. */
  reasonOf(status: number, body: string): string
  /** Why an address cannot be one of this kind's, in words for a 400; null when it can. */
  urlProblem(url: URL): string | null
}

/** The JSON object of an error body, or null when it is not one. */
export function jsonObjectOf(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** The first line of a body that is not the JSON a receiver documents, short: what a generic server said. */
export function plainReasonOf(body: string): string {
  const text = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  return text === '' ? 'no reason given' : text.slice(0, 200)
}

/** Kinds other than these are never stored (the table's CHECK): the map is total. */
export type ReceiverProtocols = Record<NotificationTargetKind, ReceiverProtocol>
