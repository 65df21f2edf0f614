export { isAuthorised, presentedApiKeys, constantTimeEqual } from './api-key'
