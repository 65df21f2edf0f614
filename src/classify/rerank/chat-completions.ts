import type { LlmConfig } from '../../config'
import { RerankError } from '../errors'
import type { ChatMessage } from './rerank-prompt'

/** The reply text of one OpenAI-compatible chat completion. */
export type ChatCompletion = (messages: ChatMessage[]) => Promise<string>

/** Short answers only: one content type name. */
const MAX_ANSWER_TOKENS = 16

/**
 * A client for the OpenAI chat completions API, which OpenAI, llama.cpp, Ollama, vLLM and
 * LiteLLM all serve. `url` may be the endpoint itself or its API base (`.../v1`).
 */
export function createChatCompletion(config: Pick<LlmConfig, 'url' | 'model' | 'apiKey' | 'timeoutMs'>): ChatCompletion {
  const endpoint = config.url.replace(/\/+$/, '').endsWith('/chat/completions')
    ? config.url
    : `${config.url.replace(/\/+$/, '')}/chat/completions`
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`

  return async (messages) => {
    let response: Response
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: config.model, messages, temperature: 0, max_tokens: MAX_ANSWER_TOKENS, stream: false }),
        signal: AbortSignal.timeout(config.timeoutMs),
      })
    } catch (err) {
      const reason = err instanceof Error && err.name === 'TimeoutError' ? `no answer within ${config.timeoutMs} ms` : 'request failed'
      throw new RerankError(reason, { cause: err })
    }
    if (!response.ok) throw new RerankError(`HTTP ${response.status} from the model server`)
    const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null
    const content = body?.choices?.[0]?.message?.content
    if (typeof content !== 'string') throw new RerankError('the reply has no choices[0].message.content')
    return content
  }
}
