// docex serve | worker | migrate | mcp | verify-bundle
import { ConfigError, loadConfig } from './config.ts';
import { migrate } from './db/migrate.ts';
import { boundHeapGrowth } from './lib/heap.ts';
import { startServer } from './server.ts';
import { closeService, openDatabase, openService } from './service.ts';
import { allTasks } from './worker/tasks.ts';
import { startWorker } from './worker/worker.ts';

const USAGE = `usage: docex <command>
  serve           run the HTTP service (and the background worker) on HOST:PORT
  worker          run only the background worker (any number may run)
  migrate         apply database migrations and exit
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
      const server = await startServer(config);
      onSignals(() => server.close());
      return -1;
    }
    case 'worker': {
      boundHeapGrowth();
      const { ctx } = await openService({ ...config, inProcessWorker: true });
      const worker = startWorker(ctx, allTasks());
      ctx.log.info('docex worker running');
      onSignals(async () => {
        await worker.stop();
        await closeService(ctx);
      });
      return -1;
    }
    case 'migrate': {
      const database = await openDatabase(config);
      const applied = await migrate(database);
      console.log(applied.length ? `applied: ${applied.join(', ')}` : 'up to date');
      await database.close();
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
