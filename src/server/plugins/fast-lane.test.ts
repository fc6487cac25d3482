import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { FastLane } from './fast-lane.js';

const response = {} as ServerResponse;
const request = (url: string, method: string, headers: IncomingHttpHeaders) =>
  ({ url, method, headers }) as IncomingMessage;

/** A lane whose /api/widget/ handler takes every name but `unknown`, and tells where each request ended. */
function laneWithWidget(options = { enabled: true }) {
  const lane = new FastLane(options);
  let reached = '';
  lane.add('/api/widget/', (name, _request, _response, next) => {
    if (name === 'unknown') {
      next();
      return;
    }
    reached = `handler: ${name}`;
  });
  const route = (url: string, method = 'GET', headers: IncomingHttpHeaders = {}) => {
    reached = 'nowhere';
    lane.serve(request(url, method, headers), response, () => (reached = 'fastify'));
    return reached;
  };
  return { lane, route };
}

describe('FastLane', () => {
  it('offers a GET of {prefix}{name} to the prefix’s handler, with the name', () => {
    expect(laneWithWidget().route('/api/widget/corner-bakery')).toBe('handler: corner-bakery');
  });

  it('hands to Fastify what the handler does not take', () => {
    expect(laneWithWidget().route('/api/widget/unknown')).toBe('fastify');
  });

  it.each([
    ['another method', '/api/widget/corner-bakery', 'HEAD'],
    ['another path', '/api/widgets/corner-bakery', 'GET'],
    ['a deeper path', '/api/widget/corner-bakery/more', 'GET'],
    ['a query string', '/api/widget/corner-bakery?v=1', 'GET'],
    ['a percent-encoded name', '/api/widget/corner%2Dbakery', 'GET'],
    ['an empty name', '/api/widget/', 'GET'],
    ['a name of 201 characters', `/api/widget/${'a'.repeat(201)}`, 'GET'],
  ])('hands %s to Fastify', (_case, url, method) => {
    expect(laneWithWidget().route(url, method)).toBe('fastify');
  });

  it.each([{ 'content-length': '2' }, { 'transfer-encoding': 'chunked' }])(
    'hands a GET that sends a body (%o) to Fastify, where the body has its deadline',
    (headers) => {
      expect(laneWithWidget().route('/api/widget/corner-bakery', 'GET', headers)).toBe('fastify');
      expect(
        laneWithWidget().route('/api/widget/corner-bakery', 'GET', { 'content-length': '0' }),
      ).toBe('handler: corner-bakery');
    },
  );

  it('hands everything to Fastify once closed, or when made shut', () => {
    const open = laneWithWidget();
    open.lane.close();
    expect(open.route('/api/widget/corner-bakery')).toBe('fastify');
    expect(laneWithWidget({ enabled: false }).route('/api/widget/corner-bakery')).toBe('fastify');
  });

  it('takes one handler per prefix, and only prefixes that end with a slash', () => {
    const { lane } = laneWithWidget();
    expect(() => lane.add('/api/widget/', () => {})).toThrow();
    expect(() => lane.add('/api/other', () => {})).toThrow();
  });
});
