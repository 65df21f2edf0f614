/**
 * What happens in the dashboard that open pages want at once (DESIGN.md 5.7): the stats every 5 s,
 * each evidence report as it arrives, each notification as it is created. Listeners are the
 * server-sent event streams of connected pages; a listener that throws is dropped, not fatal.
 */
export type DashboardEvent =
  | { type: 'stats'; data: unknown }
  | { type: 'evidence'; data: unknown }
  | { type: 'notification'; data: unknown }

export type EventListener = (event: DashboardEvent) => void

export function createEventBus() {
  const listeners = new Set<EventListener>()
  return {
    publish(event: DashboardEvent): void {
      for (const listener of listeners) {
        try {
          listener(event)
        } catch {
          listeners.delete(listener)
        }
      }
    },
    /** Returns the unsubscribe function. */
    subscribe(listener: EventListener): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    listenerCount(): number {
      return listeners.size
    },
  }
}

export type EventBus = ReturnType<typeof createEventBus>
