import packageJson from '../package.json'

/** The release version, from package.json: caps, GraphQL `version` and /api/v1/status show it. */
export const VERSION: string = packageJson.version
