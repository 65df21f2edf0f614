/**
 * `bun tests/support/pg-cluster-cli.ts start` starts a throwaway PostgreSQL cluster (as the tests
 * would, tests/support/pg-cluster.ts) and prints `PG_TEST_URL=…` and `PG_TEST_DIR=…` for a shell
 * to export, so one cluster serves every test process of a run (.ci/run); `stop DIR` removes it.
 */
import { pgTestCluster, stopCluster } from './pg-cluster'

const [command, dir] = Bun.argv.slice(2)
if (command === 'start') {
  delete process.env.PG_TEST_URL
  const cluster = await pgTestCluster()
  // The cluster outlives this process: the exit hook that would stop it is the tests' own.
  process.removeAllListeners('exit')
  process.stdout.write(`PG_TEST_URL=${cluster.adminUrl}\nPG_TEST_DIR=${cluster.dir}\n`)
} else if (command === 'stop' && dir) {
  stopCluster(dir)
} else {
  process.stderr.write('usage: bun tests/support/pg-cluster-cli.ts start | stop DIR\n')
  process.exit(2)
}
