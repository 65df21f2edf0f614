export { createChatCompletion, type ChatCompletion } from './chat-completions'
export { createReranker, RERANK_REASON, type Reranker, type RerankJob } from './reranker'
export { buildRerankMessages, readRerankAnswer, type RerankSubject } from './rerank-prompt'
