// Streamable HTTP MCP at /mcp, for the bearer credential of each request. Stateless: every POST
// gets a fresh SDK Server and transport (the SDK forbids reusing a stateless transport), so any
// service process can answer any message. Tool calls go through app.inject with the caller's
// own Authorization header: authentication, scopes, rate limits, idempotency and validation
// apply exactly as they do on the REST API. /mcp is not an operation of the API and is not in
// the OpenAPI document.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticate } from '../http/authenticate.ts';
import { buildOpenApi } from '../http/openapi.ts';
import { rateLimit } from '../http/pipeline.ts';
import type { AnyRoute } from '../http/route.ts';
import type { Dispatch } from './call.ts';
import { type Access, buildTools, type ToolSpec, usableBy } from './tools.ts';

export const MCP_PATH = '/mcp';

// The MCP SDK (and zod under it) is loaded on the first /mcp request, not at start: most
// processes never serve MCP, and importing it costs 33 MB of RSS (9.6 MB of heap) in a fresh
// Node 20 process, a tenth of issue 9's 300 MB budget.
let sdk: Promise<{
  Transport: typeof import('@modelcontextprotocol/sdk/server/streamableHttp.js').StreamableHTTPServerTransport;
  createMcpServer: typeof import('./server.ts').createMcpServer;
}> | null = null;
function loadSdk() {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/streamableHttp.js'),
    import('./server.ts'),
  ]).then(([t, s]) => ({ Transport: t.StreamableHTTPServerTransport, createMcpServer: s.createMcpServer }));
  return sdk;
}

function methodNotAllowed(reply: FastifyReply): FastifyReply {
  // MCP Streamable HTTP lets a server without a standalone SSE stream or sessions answer 405 to
  // GET and DELETE; the SDK's client treats that as "no server-initiated stream".
  return reply
    .code(405)
    .header('allow', 'POST')
    .header('content-type', 'application/json; charset=utf-8')
    .send(
      JSON.stringify({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: 'Method not allowed: this MCP endpoint is stateless; POST messages.',
        },
        id: null,
      }),
    );
}

/**
 * Messages in one JSON-RPC batch. MCP 2025-06-18 dropped batching; older clients still send small
 * batches (initialize + initialized), none needs more than a few.
 */
export const MAX_MCP_BATCH = 10;

function batchTooLarge(reply: FastifyReply, size: number): FastifyReply {
  return reply
    .code(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(
      JSON.stringify({
        jsonrpc: '2.0',
        error: {
          code: -32600,
          message: `Invalid Request: a batch of ${size} messages; at most ${MAX_MCP_BATCH} messages per batch, each charged to the caller's rate limit. Send fewer, or one per request.`,
          data: { max_batch: MAX_MCP_BATCH, batch: size },
        },
        id: null,
      }),
    );
}

export function registerMcpHttp(app: FastifyInstance, ctx: AppContext, routes: AnyRoute[]): void {
  // Built on first use, from the same route list (and so the same document) the API serves.
  let allTools: ToolSpec[] | null = null;
  const visible = new Map<string, ToolSpec[]>();
  const toolsFor = (access: Access): ToolSpec[] => {
    const sig = `${access.kind}:${[...access.scopes].sort().join(',')}`;
    let list = visible.get(sig);
    if (!list) {
      allTools ??= buildTools(buildOpenApi(routes, ctx.config.baseUrl));
      list = allTools.filter((t) => usableBy(t.plan, access, ctx.config.familiesDisabled));
      visible.set(sig, list);
    }
    return list;
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Refused here in the service's envelope (401 + WWW-Authenticate) by the one error handler.
    const principal = await authenticate(ctx, request);
    // Every /mcp message spends the caller's buckets (CONTRACT 10), besides what its tool calls
    // spend through the API: a client cannot list tools or send junk as fast as it likes. A JSON-RPC
    // batch costs one token per message (one batch of 100 tools/list cost one token and answered
    // 5.5 MB), and batches over MAX_MCP_BATCH messages are refused outright, for one token.
    const batch = request.method === 'POST' && Array.isArray(request.body) ? request.body.length : 0;
    const oversized = batch > MAX_MCP_BATCH;
    await rateLimit(ctx, principal, reply, { cost: oversized ? 1 : Math.max(1, batch) });
    if (request.method !== 'POST') return methodNotAllowed(reply);
    if (oversized) return batchTooLarge(reply, batch);

    const authorization = request.headers.authorization ?? '';
    const dispatch: Dispatch = async (out) => {
      const res = await app.inject({
        method: out.method as 'GET',
        url: out.url,
        headers: { ...out.headers, authorization, 'user-agent': 'docex-mcp' },
        // The caller's address, so the key's allowed_cidrs judge the real client.
        remoteAddress: request.ip,
        ...(out.body !== undefined ? { payload: out.body } : {}),
      });
      return { status: res.statusCode, headers: res.headers, body: res.rawPayload };
    };
    const { Transport, createMcpServer } = await loadSdk();
    const server = createMcpServer({
      tools: toolsFor(principal),
      dispatch,
      baseUrl: ctx.config.baseUrl,
      onDispatchError: (err) => request.log.error({ err }, 'mcp tool dispatch failed'),
    });
    const transport = new Transport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });

    reply.hijack();
    // Headers set by the shared onRequest hook (Svc-Api-Version, Svc-Request-Id) would otherwise
    // be lost with the hijack.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value as string | string[] | number);
    }
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    } catch (err) {
      request.log.error({ err }, 'mcp request failed');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        reply.raw.end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32603, message: `Internal error (request ${request.id}).` },
            id: null,
          }),
        );
      }
    }
  };

  app.route({ method: ['POST', 'GET', 'DELETE'], url: MCP_PATH, handler });
}
