export { type CoreClient, createCoreClient, type GraphqlEnvelope } from './core-client'
export { CoreQueryError, CoreRefusedError, CoreUnavailableError } from './errors'
export { createResponseCache, type ResponseCache } from './response-cache'
