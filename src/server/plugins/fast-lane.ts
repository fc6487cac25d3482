// The fast lane (docs/decisions/0020-fast-lane.md): node:http hands every
// request here first, and a route that registered a path prefix may answer it
// straight from memory, before Fastify's lifecycle (routing, hooks, validation,
// reply). Only GETs of `{prefix}{name}` with a plain name (no further slash,
// no query, no percent-encoding) are offered; a handler answers what it can
// (the public widget's cache hits, modules/widget/public-routes.ts) and hands
// everything else on with `next()` (a GET that sends a body among them), which runs Fastify as if the lane were not
// there. So Fastify stays the one place for errors, misses and limits, and the
// lane needs no error handling of its own.
// The lane shuts when the app starts closing (Fastify's 503s take over), and
// is not used at all when requests are logged (LOG_LEVEL debug or trace),
// so that every request still appears in the log.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import { hasBody } from './body-deadline.js';

export type FastLaneHandler = (
  name: string,
  request: IncomingMessage,
  response: ServerResponse,
  next: () => void,
) => void;

/** Names the lane offers: a slug's characters and more, never a separator or an escape. */
const PLAIN_NAME = /^[A-Za-z0-9._~-]{1,200}$/;

export class FastLane {
  private readonly handlers = new Map<string, FastLaneHandler>();
  private open: boolean;

  constructor(options: { enabled: boolean }) {
    this.open = options.enabled;
  }

  /** `prefix` ends with a slash: `/api/widget/`. One handler per prefix. */
  add(prefix: string, handler: FastLaneHandler): void {
    if (!prefix.endsWith('/') || this.handlers.has(prefix)) {
      throw new Error(`fast lane: cannot add ${prefix}`);
    }
    this.handlers.set(prefix, handler);
  }

  /** From now on every request goes to Fastify. */
  close(): void {
    this.open = false;
  }

  /** Offers the request to the handler of its prefix; `next` runs when none takes it. */
  serve(request: IncomingMessage, response: ServerResponse, next: () => void): void {
    const { url } = request;
    // A GET that sends a body goes to Fastify too, where the body has its deadline.
    if (!this.open || request.method !== 'GET' || url === undefined || hasBody(request.headers)) {
      next();
      return;
    }
    const slash = url.lastIndexOf('/');
    const handler = this.handlers.get(url.slice(0, slash + 1));
    const name = url.slice(slash + 1);
    if (!handler || !PLAIN_NAME.test(name)) {
      next();
      return;
    }
    handler(name, request, response, next);
  }
}

/**
 * Fastify's `serverFactory`: the HTTP/1.1 server Fastify would make (its `http`
 * options and timeouts included, as fastify/lib/server.js sets them), with the lane in front.
 */
export function serverWithFastLane(lane: FastLane): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer(options.http ?? {}, (request, response) => {
      lane.serve(request, response, () => handler(request, response));
    });
    const number = (name: string) =>
      typeof options[name] === 'number' ? options[name] : undefined;
    server.keepAliveTimeout = number('keepAliveTimeout') ?? server.keepAliveTimeout;
    server.requestTimeout = number('requestTimeout') ?? server.requestTimeout;
    server.setTimeout(number('connectionTimeout') ?? 0);
    // Zero means Node's default: not passed on (as Fastify does).
    const maxRequestsPerSocket = number('maxRequestsPerSocket');
    if (maxRequestsPerSocket) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}
