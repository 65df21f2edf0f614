export { constantTimeEqual, isAuthorised, presentedApiKeys } from './api-key'
export { apiKeyAuth, type ApiKeySource } from './api-key-plugin'
export { UnauthorizedError } from './errors'
export { ApiKeyQuery } from './model'
