/**
 * The crawler's health warning as the dashboard sees it: a DHT port another program holds makes
 * the core's crawler warn (bind_failed); the watch turns that into one crawler_warning
 * notification and an audit row, and the warning clearing (the port freed) into another audit row.
 */
import { afterAll, expect, test } from 'bun:test'
import { createSocket } from 'node:dgram'
import { openTestDashboard, startTestCore } from '../../support/dashboard'
import { waitFor } from '../../support/dht-probe'

const squatter = createSocket('udp4')
await new Promise<void>((resolve) => squatter.bind(0, '127.0.0.1', resolve))
const core = await startTestCore({
  SERVICE_DHT_ENABLED: 'true',
  SERVICE_DHT_HOST: '127.0.0.1',
  SERVICE_DHT_PORT: String(squatter.address().port),
  // Nothing listens there: no packet leaves the machine.
  SERVICE_DHT_BOOTSTRAP: '127.0.0.1:9',
})
const dashboard = openTestDashboard({ coreUrl: core.graphqlUrl })
afterAll(async () => {
  await dashboard.close()
  core.child.kill()
})

const healthRows = async () => (await dashboard.json('/api/audit?kind=health')).body.items as { key: string; action: string }[]

test('a crawler warning notifies once and is audited; its clearing is audited', async () => {
  await waitFor(async () => {
    await dashboard.dashboard.watch.tick()
    return (await healthRows()).length > 0
  }, 60_000)
  const notes = (await dashboard.json('/api/notifications')).body.items as { type: string; message: string }[]
  const warnings = notes.filter((note) => note.type === 'crawler_warning')
  expect(warnings).toHaveLength(1)
  expect(warnings[0]!.message).toContain('bind')
  expect((await healthRows())[0]).toMatchObject({ key: 'crawler', action: 'warning_raised' })

  await dashboard.dashboard.watch.tick()
  expect(
    (await dashboard.json('/api/notifications')).body.items.filter((n: { type: string }) => n.type === 'crawler_warning'),
  ).toHaveLength(1)

  await new Promise<void>((resolve) => squatter.close(() => resolve()))
  await waitFor(async () => {
    await dashboard.dashboard.watch.tick()
    return (await healthRows()).some((row) => row.action === 'warning_cleared')
  }, 60_000)
}, 60_000)
