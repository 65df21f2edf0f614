import { afterAll } from 'bun:test'
import { removeTempDirs } from './temp-dir'

// Registered in a preload, an afterAll runs once, after every test file.
afterAll(removeTempDirs)
