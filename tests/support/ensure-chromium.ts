/**
 * Run by `bun run test` before the tests: the dashboard's page tests drive Debian's Chromium
 * (tests/support/browser.ts). Installs it with apt-get when missing and allowed (root on Debian or
 * Ubuntu, as in CI and the Docker build); otherwise says how, and stops the run.
 */
import { existsSync } from 'node:fs'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (!existsSync(CHROMIUM)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')
  if (!canInstall) {
    process.stderr.write(`The page tests need Chromium at ${CHROMIUM}: run "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).\n`)
    process.exit(1)
  }
  process.stderr.write('installing chromium for the page tests (apt-get)...\n')
  for (const command of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', 'chromium'],
  ]) {
    const result = Bun.spawnSync(command, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      stdout: 'ignore',
      stderr: 'inherit',
    })
    if (result.exitCode !== 0) process.exit(result.exitCode ?? 1)
  }
}
