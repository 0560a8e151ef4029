// `docex mcp`: a stdio MCP server for one credential (DOCEX_API_KEY) against a running service
// (DOCEX_BASE_URL). Tools come from the service's /v1/openapi.json; calls are ordinary HTTP
// requests with the key, so they meet exactly the rules any other client meets.
//
// Which operations the key may use is known only to the service (it keeps a hash of the key,
// and no REST read reveals a key's own scopes without keys:manage). So the list is narrowed to
// the tools the service's own /mcp endpoint lists for this key; against a service without
// /mcp, every operation a key could use is listed and refusals come back as isError results.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { type Config, ConfigError } from '../config.ts';
import { SCOPES } from '../lib/scopes.ts';
import { API_VERSION } from '../version.ts';
import type { Dispatch } from './call.ts';
import { createMcpServer } from './server.ts';
import { buildTools, type ToolSpec, usableBy } from './tools.ts';

const USER_AGENT = `docex-mcp/${API_VERSION}`;
const TIMEOUT_MS = 120_000;

// Reported by the CLI like a configuration error: a message, no stack.
export class McpStartError extends ConfigError {}

function log(message: string): void {
  // stdout carries the protocol; everything human goes to stderr.
  process.stderr.write(`docex mcp: ${message}\n`);
}

async function fetchOrExplain(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new McpStartError(
      `cannot reach ${url} (${err instanceof Error ? err.message : String(err)}); is DOCEX_BASE_URL right?`,
    );
  }
}

/** The tool names the service's /mcp endpoint lists for this key, or null if it has none. */
async function namesListedByService(baseUrl: string, key: string): Promise<Set<string> | null> {
  const client = new Client({ name: 'docex-mcp-stdio', version: API_VERSION });
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${key}`, 'user-agent': USER_AGENT } },
  });
  try {
    await client.connect(transport);
    const names = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : undefined);
      for (const t of page.tools) names.add(t.name);
      cursor = page.nextCursor;
    } while (cursor);
    return names;
  } catch (err) {
    log(
      `the service's /mcp endpoint did not list tools (${err instanceof Error ? err.message : String(err)}); listing every operation a key could use`,
    );
    return null;
  } finally {
    await client.close().catch(() => {});
  }
}

export async function loadStdioTools(baseUrl: string, key: string): Promise<ToolSpec[]> {
  // The key is checked first, so a wrong one fails the start with the service's own message.
  const who = await fetchOrExplain(`${baseUrl}/v1/organization`, {
    headers: { authorization: `Bearer ${key}`, accept: 'application/json', 'user-agent': USER_AGENT },
  });
  if (!who.ok) {
    throw new McpStartError(`DOCEX_API_KEY was refused (HTTP ${who.status}): ${await who.text()}`);
  }
  const spec = await fetchOrExplain(`${baseUrl}/v1/openapi.json`, {
    headers: { accept: 'application/json', 'user-agent': USER_AGENT },
  });
  if (!spec.ok) throw new McpStartError(`GET ${baseUrl}/v1/openapi.json answered HTTP ${spec.status}`);
  const all = buildTools(await spec.json());
  const listed = await namesListedByService(baseUrl, key);
  if (listed) return all.filter((t) => listed.has(t.name));
  const anyScope = { kind: 'api_key' as const, scopes: new Set<string>(SCOPES) };
  return all.filter((t) => usableBy(t.plan, anyScope, new Set()));
}

export function httpDispatch(baseUrl: string, key: string): Dispatch {
  return async (out) => {
    const res = await fetch(`${baseUrl}${out.url}`, {
      method: out.method,
      headers: { ...out.headers, authorization: `Bearer ${key}`, 'user-agent': USER_AGENT },
      signal: AbortSignal.timeout(TIMEOUT_MS),
      ...(out.body !== undefined ? { body: out.body } : {}),
    });
    const headers: Record<string, string> = {};
    res.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()) };
  };
}

export async function runStdioMcp(config: Config): Promise<void> {
  const key = config.mcpApiKey;
  if (!key) throw new ConfigError('docex mcp needs DOCEX_API_KEY (an API key, or an admin session token)');
  const baseUrl = config.baseUrl;
  const tools = await loadStdioTools(baseUrl, key);
  log(`${tools.length} tools for ${baseUrl}`);
  const server = createMcpServer({
    tools,
    dispatch: httpDispatch(baseUrl, key),
    baseUrl,
    onDispatchError: (err) => log(`request failed: ${err instanceof Error ? err.message : String(err)}`),
  });
  const transport = new StdioServerTransport();
  // The client ending the conversation (closing our stdin) ends the process.
  process.stdin.once('end', () => process.exit(0));
  server.onclose = () => process.exit(0);
  await server.connect(transport);
}
