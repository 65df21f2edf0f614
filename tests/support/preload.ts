import { afterAll } from 'bun:test'
import { closeSuiteResources } from './suite-resources'
import { removeTempDirs } from './temp-dir'

// Registered in a preload, an afterAll runs once, after every test file: what a suite outside
// describeOnEngines opened is closed before its folders go.
afterAll(async () => {
  await closeSuiteResources()
  removeTempDirs()
})
