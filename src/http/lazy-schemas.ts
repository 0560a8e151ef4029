// Route schemas compiled when a route first needs them, not when the app is built.
//
// Why: building the app compiled every route's request validators (ajv) and response serializers
// (fast-json-stringify) up front, ~1.3 s of CPU on the 2-core machine, in every process that
// builds it: each test file's service (the suite builds several hundred), each `docex serve`
// restart after a failover. A request only ever needs its own route's functions. So each compiler
// hands Fastify a small function that compiles the real one on its first call and then delegates;
// what is compiled, from which schema, with which Ajv, is exactly as before (the ajv instances
// cache compiled schemas by object as before).
//
// `docex serve` still has everything compiled within a moment of listening: compileRouteSchemas()
// runs them all in the background, one per turn of the event loop (server.ts), so no request
// waits for a compilation and a schema that would not compile is logged at start, and the unit
// test compiles every route's schemas (test/http/lazy-schemas.test.ts).
import type { Ajv } from 'ajv';
import fastJson from 'fast-json-stringify';
import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  FastifySerializerCompiler,
} from 'fastify';

type Validate = ((data: unknown) => boolean) & {
  errors?: FastifySchemaValidationError[] | null;
};

const pendingByApp = new WeakMap<FastifyInstance, Array<() => void>>();

/** Installs the lazy validator and serializer compilers on `app`. */
export function installLazySchemas(
  app: FastifyInstance,
  ajvFor: (httpPart: string | undefined) => Ajv,
): void {
  const pending: Array<() => void> = [];
  pendingByApp.set(app, pending);

  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    let compiled: Validate | undefined;
    const compile = (): Validate => {
      compiled ??= ajvFor(httpPart).compile(schema as object) as Validate;
      return compiled;
    };
    // Fastify reads a failed validation's errors from the function it was given.
    const validate: Validate = (data) => {
      const fn = compile();
      const ok = fn(data);
      validate.errors = fn.errors;
      return ok;
    };
    pending.push(compile);
    return validate;
  };

  const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
    let compiled: ((data: unknown) => string) | undefined;
    const compile = (): ((data: unknown) => string) => {
      // As Fastify's default (@fastify/fast-json-stringify-compiler): no shared schemas are added.
      compiled ??= fastJson(schema as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
      return compiled;
    };
    pending.push(compile);
    return (data) => compile()(data);
  };

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}

/**
 * Compiles every route schema of `app` not compiled yet (the app must be ready: Fastify hands
 * over the schemas as it registers the routes). `each` runs between two compilations, so a caller
 * can yield to the event loop. Throws the first schema that does not compile.
 */
export async function compileRouteSchemas(
  app: FastifyInstance,
  each: () => Promise<void> = async () => {},
): Promise<number> {
  const pending = pendingByApp.get(app) ?? [];
  let n = 0;
  while (pending.length > 0) {
    const compile = pending.shift();
    compile?.();
    n++;
    await each();
  }
  return n;
}
