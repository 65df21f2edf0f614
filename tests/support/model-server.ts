import type { Server } from 'bun'

/** A request the model server received: the OpenAI chat-completions body and its Authorization header. */
export interface ChatRequest {
  model: string
  messages: { role: string; content: string }[]
  authorization: string | null
}

/** A loopback OpenAI-compatible server (POST /v1/chat/completions) whose reply depends on the prompt. */
export function startModelServer(replyFor: (prompt: string) => Promise<Response>): { server: Server<undefined>; requests: ChatRequest[] } {
  const requests: ChatRequest[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      if (new URL(request.url).pathname !== '/v1/chat/completions') return new Response('not found', { status: 404 })
      const body = (await request.json()) as Omit<ChatRequest, 'authorization'>
      requests.push({ ...body, authorization: request.headers.get('authorization') })
      return replyFor(body.messages.at(-1)!.content)
    },
  })
  return { server, requests }
}

/** A chat completion whose one choice says `content`, as the OpenAI API answers. */
export const completion = (content: string) =>
  Response.json({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 50, completion_tokens: 2, total_tokens: 52 },
  })
