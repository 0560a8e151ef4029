// The metrics listener (DOCEX_METRICS_LISTEN): GET /metrics in Prometheus' text format, on an
// address of its own so the public port never shows it. Anything else answers 404, a method
// other than GET or HEAD 405.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MetricsPort } from './metrics-port.ts';

export interface MetricsServer {
  /** http://host:port of the listener */
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(
  metrics: MetricsPort,
  listen: { host: string; port: number },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: try GET /metrics\n');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }).end();
      return;
    }
    metrics.exposition().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`could not collect the metrics: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  // A scraper keeps its connection; closing must not wait for it.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
