/** A loopback port nothing listens on: bound by the OS, then let go (a service to start there, or an address that refuses). */
export function freePort(): number {
  const probe = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = probe.port!
  probe.stop(true)
  return port
}
