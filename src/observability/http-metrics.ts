// Per-request metrics: one hook after the answer is sent. The route label is the route's
// template (/v1/documents/:id), never the path a client sent, so no id or token becomes a label
// and the label set stays as small as the route list; what matched no route is "unmatched".
import type { FastifyInstance } from 'fastify';
import type { MetricsPort } from './metrics-port.ts';

export function installRequestMetrics(app: FastifyInstance, metrics: MetricsPort): void {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(
      request.method,
      route,
      reply.statusCode,
      request.errorCode ?? 'none',
      reply.elapsedTime / 1000,
    );
    done();
  });
}
