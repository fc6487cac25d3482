// Request logging: Fastify's two lines per request ("incoming request",
// "request completed") at debug instead of info, so the default level (info)
// prints nothing per request and LOG_LEVEL=debug still shows them. A request
// that fails while it is answered is still an error line. Passed to Fastify()
// as its `logController` (Fastify's own hook for its log lines; the older
// `disableRequestLogging` option is deprecated), so it covers both scopes of
// app.ts and adds no hook. A route with its own `logLevel` (the public widget
// reads: warn) stays quiet even at debug.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

export class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
