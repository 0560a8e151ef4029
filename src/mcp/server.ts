// The MCP server itself, the same for both transports: the low-level SDK Server, because the
// tools are JSON Schemas generated at start rather than code-declared (McpServer wants Zod).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION } from '../version.ts';
import { buildRequest, type Dispatch, localError, toToolResult } from './call.ts';
import type { ToolSpec } from './tools.ts';

export interface McpServerOptions {
  tools: ToolSpec[];
  dispatch: Dispatch;
  /** The service's base URL: for docs_url in locally made envelopes and resource URIs. */
  baseUrl: string;
  onDispatchError?: (err: unknown) => void;
}

const INSTRUCTIONS =
  'docex: organizations exchange invoices, purchase orders, quotes and credit notes over connections, pay them and prove what happened. Each tool is one operation of the docex HTTP API, listed only if the credential may use it. Writes are idempotent: pass idempotency_key to retry a write safely; without it each call is a new request. A refused call returns isError with the service error envelope {error: {code, message, docs_url, details}}.';

export function createMcpServer(opts: McpServerOptions): Server {
  const server = new Server(
    { name: 'docex', version: API_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(opts.tools.map((t) => [t.name, t]));

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: opts.tools.map((t) => t.tool) }));

  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const spec = byName.get(req.params.name);
    if (!spec) {
      return localError(opts.baseUrl, 'not_found', `No tool named ${JSON.stringify(req.params.name)}.`);
    }
    const built = buildRequest(spec.plan, req.params.arguments ?? {}, opts.baseUrl);
    if ('refusal' in built) return built.refusal;
    try {
      const answer = await opts.dispatch(built.request);
      return toToolResult(answer, opts.baseUrl, built.request.url);
    } catch (err) {
      opts.onDispatchError?.(err);
      const reason = err instanceof Error ? err.message : String(err);
      return {
        isError: true,
        content: [{ type: 'text', text: `The docex service at ${opts.baseUrl} did not answer: ${reason}` }],
      };
    }
  });
  return server;
}
