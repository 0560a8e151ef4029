// A dependency loaded on first use instead of at start, for code that stays synchronous: the async
// entry point awaits load() once, and the synchronous code below it reads the module with get().
// (pdfkit, the MCP SDK and ioredis are loaded the same way where their callers are async anyway.)

export interface LazyModule<T> {
  /** Imports the module once per process; later calls answer the same promise. */
  load(): Promise<T>;
  /** The loaded module; throws when no caller awaited load() first (a bug, never a client's error). */
  get(): T;
}

export function lazyModule<T>(name: string, importer: () => Promise<T>): LazyModule<T> {
  let loading: Promise<T> | null = null;
  let loaded: T | null = null;
  return {
    load() {
      loading ??= importer().then((m) => {
        loaded = m;
        return m;
      });
      return loading;
    },
    get() {
      if (loaded === null) throw new Error(`${name} was used before it was loaded: await its load() first`);
      return loaded;
    },
  };
}
