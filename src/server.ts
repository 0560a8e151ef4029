// `docex serve`: the HTTP service, with the worker in the same process unless told otherwise.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { compileRouteSchemas } from './http/lazy-schemas.ts';
import { type RunningListener, startInboundListener } from './modules/inbound/smtp-listener.ts';
import { startMetricsServer } from './observability/metrics-server.ts';
import { closeService, openService } from './service.ts';
import { allTasks } from './tasks.ts';
import { type RunningWorker, startWorker } from './worker/worker.ts';

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  /** http://host:port of the metrics listener (DOCEX_METRICS_LISTEN), or null when off. */
  metricsUrl: string | null;
  close(): Promise<void>;
}

/** How long a SIGTERM waits for in-flight requests before it closes their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

export async function startServer(config: Config): Promise<RunningServer> {
  const { ctx, newOperatorToken } = await openService(config);
  const app = await buildApp(ctx);
  const address = await app.listen({ host: config.host, port: config.port });
  const metrics =
    ctx.metrics && config.metricsListen ? await startMetricsServer(ctx.metrics, config.metricsListen) : null;
  // The SMTP listener (CONTRACT 11.5) when DOCEX_SMTP_LISTEN is set: it only stores messages; the
  // worker (here or in `docex worker`) reads them.
  let listener: RunningListener | null = null;
  if (config.inbound.listen) {
    try {
      listener = await startInboundListener(ctx);
    } catch (err) {
      await app.close();
      await closeService(ctx);
      throw err;
    }
  }
  // Every route's validators and serializers, compiled in the background one per turn of the
  // event loop, so no early request waits for one (src/http/lazy-schemas.ts).
  void compileRouteSchemas(app, () => new Promise<void>((resolve) => setImmediate(resolve))).catch(
    (err: unknown) => ctx.log.error({ err }, 'a route schema does not compile'),
  );
  const worker: RunningWorker | null = config.inProcessWorker ? startWorker(ctx, allTasks()) : null;
  const url = config.baseUrl;
  const lines = [
    `docex listening on ${address}`,
    `  base URL:  ${url}`,
    `  docs:      ${url}/v1/docs`,
    `  reference: ${url}/v1/reference`,
    `  web app:   ${url}/app`,
    `  database:  ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
  ];
  if (metrics) lines.push(`  metrics:   ${metrics.url}/metrics`);
  if (listener)
    lines.push(
      `  inbound:   SMTP on ${listener.address.host}:${listener.address.port} for @${config.inbound.domain}`,
    );
  // The token itself is never printed (CONTRACT 10): terminals are logged and scrolled back,
  // and a process supervisor keeps stdout. Only the path of its 0600 file is.
  if (newOperatorToken || !config.operatorToken)
    lines.push(
      `  operator token: in ${config.dataDir}/operator-token${newOperatorToken ? ' (new)' : ''} (or set DOCEX_OPERATOR_TOKEN)`,
    );
  else lines.push('  operator token: DOCEX_OPERATOR_TOKEN');
  process.stdout.write(`${lines.join('\n')}\n`);
  let closing: Promise<void> | null = null;
  return {
    app,
    ctx,
    url,
    metricsUrl: metrics?.url ?? null,
    close() {
      closing ??= (async () => {
        // In-flight requests finish (within SHUTDOWN_GRACE_MS: a request still running then has
        // its connection closed, and its Idempotency-Key lease lapses within seconds for the
        // client's retry); new connections are refused; then the worker stops, releasing its
        // leases, and the pools close.
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            app.server.closeAllConnections();
            resolve();
          }, SHUTDOWN_GRACE_MS);
          timer.unref();
        });
        await Promise.race([Promise.all([app.close(), listener?.close()]), grace]);
        clearTimeout(timer);
        await metrics?.close();
        await worker?.stop();
        await closeService(ctx);
      })();
      return closing;
    },
  };
}
