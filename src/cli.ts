// docex serve | worker | inbound | migrate | rotate-secrets | mcp | verify-bundle
// Each command imports what it runs when it runs: `docex mcp` and `docex verify-bundle` are
// clients, and loading the whole service first (its routes, modules and drivers) made them take
// 1.1 s to start instead of 0.3 s.
import { ConfigError, loadConfig } from './config.ts';
import { surviveDatabaseErrors } from './db/escaped-errors.ts';
import { boundHeapGrowth } from './lib/heap.ts';

const USAGE = `usage: docex <command>
  serve           run the HTTP service (and the background worker) on HOST:PORT
  worker          run only the background worker (any number may run)
  inbound         run only the SMTP listener for DOCEX_INBOUND_DOMAIN on DOCEX_SMTP_LISTEN (it
                  stores messages; a worker reads them into documents)
  migrate         apply database migrations and exit
  rotate-secrets  replace the HMAC key, the log-signing key and every webhook secret (the old
                  webhook secret signs too for 24 hours), erase the old copies the embedded
                  database holds, and exit; run it with docex stopped (docs/security.md)
  mcp             run a stdio MCP server for DOCEX_API_KEY against DOCEX_BASE_URL
  verify-bundle <file> [--public-key <base64>] [--origin <name>]
                  check a proof bundle offline (the published verifier)
`;

function onSignals(stop: () => Promise<void>): void {
  let stopping = false;
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      if (stopping) process.exit(1);
      stopping = true;
      stop().then(
        () => process.exit(0),
        (err) => {
          console.error(err);
          process.exit(1);
        },
      );
    });
  }
}

async function main(argv: string[]): Promise<number> {
  const cmd = argv[0] ?? 'serve';
  // Everything docex writes (the embedded database, the operator token, keys) is for the service
  // user alone, whatever the shell's umask (CONTRACT 10).
  process.umask(0o077);
  const config = loadConfig();
  switch (cmd) {
    case 'serve': {
      boundHeapGrowth();
      const { createLogger } = await import('./service.ts');
      surviveDatabaseErrors(createLogger(config));
      const { startServer } = await import('./server.ts');
      const server = await startServer(config);
      onSignals(() => server.close());
      return -1;
    }
    case 'worker': {
      boundHeapGrowth();
      const { closeService, createLogger, openService } = await import('./service.ts');
      surviveDatabaseErrors(createLogger(config));
      const { ctx } = await openService({ ...config, inProcessWorker: true });
      const { allTasks } = await import('./tasks.ts');
      const { startWorker } = await import('./worker/worker.ts');
      const worker = startWorker(ctx, allTasks());
      const metrics =
        ctx.metrics && config.metricsListen
          ? await (await import('./observability/metrics-server.ts')).startMetricsServer(
              ctx.metrics,
              config.metricsListen,
            )
          : null;
      ctx.log.info(
        metrics ? `docex worker running; metrics at ${metrics.url}/metrics` : 'docex worker running',
      );
      onSignals(async () => {
        await metrics?.close();
        await worker.stop();
        await closeService(ctx);
      });
      return -1;
    }
    case 'inbound': {
      if (!config.inbound.listen) {
        throw new ConfigError('docex inbound needs DOCEX_SMTP_LISTEN (host:port) and DOCEX_INBOUND_DOMAIN');
      }
      const { closeService, createLogger, openService } = await import('./service.ts');
      surviveDatabaseErrors(createLogger(config));
      const { ctx } = await openService(config);
      const { startInboundListener } = await import('./modules/inbound/smtp-listener.ts');
      const listener = await startInboundListener(ctx);
      process.stdout.write(
        `docex inbound: SMTP on ${listener.address.host}:${listener.address.port} for @${config.inbound.domain}\n`,
      );
      onSignals(async () => {
        await listener.close();
        await closeService(ctx);
      });
      return -1;
    }
    case 'migrate': {
      const { openDatabase } = await import('./service.ts');
      const { migrate } = await import('./db/migrate.ts');
      const database = await openDatabase(config);
      const applied = await migrate(database);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'up to date');
      await database.close();
      return 0;
    }
    case 'rotate-secrets': {
      const { closeService, openService } = await import('./service.ts');
      const { ctx, rotation } = await openService(config, { rotateSecrets: true });
      await closeService(ctx);
      if (!rotation) throw new Error('the rotation did not run');
      const { report, erased } = rotation;
      console.log(
        `rotated at ${report.at.toISOString()}: HMAC key ${report.hmacKey ? 'replaced' : 'absent'}, log-signing key ${report.signingKey ? 'replaced (the old public key stays listed)' : 'not made yet'}, ${report.webhookEndpoints} webhook endpoint secret(s) replaced (the old ones sign too for 24 hours; GET /v1/webhooks/{id} shows the new one meanwhile)`,
      );
      for (const r of erased.refused)
        console.log(`not done (${r.reason}): ${r.statement.replace(/\s+/g, ' ')}`);
      return 0;
    }
    case 'mcp': {
      const { runStdioMcp } = await import('./mcp/stdio.ts');
      await runStdioMcp(config);
      return -1;
    }
    case 'verify-bundle': {
      // The published verifier is one dependency-free script; the CLI only forwards to it.
      const verifier = await import('../scripts/verify-bundle.mjs');
      return verifier.main(argv.slice(1));
    }
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return 0;
    default:
      process.stderr.write(`unknown command ${JSON.stringify(cmd)}\n${USAGE}`);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err: unknown) => {
    if (err instanceof ConfigError) {
      console.error(`configuration error: ${err.message}`);
      process.exit(2);
    }
    console.error(err);
    process.exit(1);
  },
);
