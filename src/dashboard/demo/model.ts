import { t } from 'elysia'

export const SeedCounts = t.Object({
  torrents: t.Integer({ minimum: 0 }),
  evidence: t.Integer({ minimum: 0 }),
  wants: t.Integer({ minimum: 0 }),
  notifications: t.Integer({ minimum: 0 }),
})

/** `POST /api/seed-demo`'s answer (spec 4.1): `seeded` is true only for the call that seeded. */
export const SeedDemoResponse = t.Object({ seeded: t.Boolean(), counts: SeedCounts })

export type SeedCounts = typeof SeedCounts.static
export type SeedResult = typeof SeedDemoResponse.static
