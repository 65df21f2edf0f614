export { callOutbound, OutboundCallError, readAnswerText } from './call'
export { createReceiverBook } from './receiver-book'
export { MAX_URL_LENGTH, readReceiverUrl } from './receiver-url'
export { maskCredential, maskUrl, redactSecrets, secretsOfUrl } from './secrets'
