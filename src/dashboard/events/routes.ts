import { Elysia } from 'elysia'
import type { EventBus } from './event-bus'
import { openEventStream } from './event-stream'

/** `GET /api/events`: the live refresh of DESIGN.md 5.7; pages fall back to polling without it. */
export const eventRoutes = (deps: { events: EventBus; heartbeatMs?: number }) =>
  new Elysia({ name: 'dashboard-events', prefix: '/api' }).get(
    '/events',
    ({ request }) =>
      new Response(openEventStream(deps.events, { signal: request.signal, heartbeatMs: deps.heartbeatMs }), {
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          // nginx buffers responses by default, which would hold events back until the buffer fills.
          'x-accel-buffering': 'no',
        },
      }),
  )
