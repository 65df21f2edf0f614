/**
 * `cli fetch <magnet|hash>...`: asks the running core (GraphQL fetchTorrents) to find and index
 * each torrent, prints each request's state and, with --wait, follows them to found or not found.
 * The crawler lives in the core's process, so the command is a client of its HTTP API.
 */
export const FETCH_USAGE = 'fetch [--wait] <magnet|hash>...'

interface Request {
  infoHash: string
  name: string | null
  state: string
  detail: string | null
}

export interface FetchCommandDeps {
  graphqlUrl: string
  /** The core admin key: fetchTorrents and fetchRequests are the operator's. */
  adminKey: string
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  pollEveryMs?: number
}

const FIELDS = 'infoHash name state detail'
const CLOSED = new Set(['found', 'not_found'])

/** Exit code: 0 when every request was accepted (and, with --wait, found); 1 otherwise; 2 for usage. */
export async function runFetchCommand(args: string[], deps: FetchCommandDeps): Promise<number> {
  const wait = args.includes('--wait')
  const targets = args.filter((arg) => arg !== '--wait')
  if (targets.length === 0) {
    deps.stderr.write(`fetch needs at least one magnet or info hash\nusage: bun run cli ${FETCH_USAGE}\n`)
    return 2
  }
  const post = async (query: string, variables: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const response = await fetch(deps.graphqlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-core-admin-key': deps.adminKey },
      body: JSON.stringify({ query, variables }),
    })
    const answer = (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string }[] }
    if (answer.errors?.length) throw new Error(answer.errors.map((error) => error.message).join('; '))
    return answer.data ?? {}
  }
  const print = (request: Request) =>
    deps.stdout.write(
      `${request.infoHash} ${request.state}${request.name ? ` ${request.name}` : ''}${request.detail ? ` (${request.detail})` : ''}\n`,
    )
  let requests: Request[]
  try {
    const data = await post(`mutation ($targets: [String!]!) { fetchTorrents(targets: $targets) { ${FIELDS} } }`, { targets })
    requests = data.fetchTorrents as Request[]
  } catch (err) {
    deps.stderr.write(`fetch refused by the core at ${deps.graphqlUrl}: ${(err as Error).message}\n`)
    return 1
  }
  requests.forEach(print)
  if (!wait) return 0
  const open = new Set(requests.filter((request) => !CLOSED.has(request.state)).map((request) => request.infoHash))
  let allFound = requests.every((request) => request.state !== 'not_found')
  while (open.size > 0) {
    await Bun.sleep(deps.pollEveryMs ?? 2_000)
    let listed: Request[]
    try {
      listed = (await post(`{ fetchRequests(limit: 500) { ${FIELDS} } }`, {})).fetchRequests as Request[]
    } catch (err) {
      deps.stderr.write(`lost the core at ${deps.graphqlUrl}: ${(err as Error).message}\n`)
      return 1
    }
    for (const request of listed) {
      if (!open.has(request.infoHash) || !CLOSED.has(request.state)) continue
      open.delete(request.infoHash)
      if (request.state === 'not_found') allFound = false
      print(request)
    }
  }
  return allFound ? 0 : 1
}
