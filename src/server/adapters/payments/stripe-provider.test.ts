// How an API origin (STRIPE_API_URL) becomes the SDK's host/port/protocol options.
import { describe, expect, it } from 'vitest';
import { stripeConnectionOptions } from './stripe-provider.js';

describe('stripeConnectionOptions', () => {
  it('takes host, port and protocol from the origin', () => {
    expect(stripeConnectionOptions('http://127.0.0.1:12111')).toEqual({
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
  });

  it("defaults the port to the protocol's", () => {
    expect(stripeConnectionOptions('https://stripe-mock.internal')).toEqual({
      host: 'stripe-mock.internal',
      port: 443,
      protocol: 'https',
    });
    expect(stripeConnectionOptions('http://localhost/')).toMatchObject({
      port: 80,
      protocol: 'http',
    });
  });

  it('gives an IPv6 address without brackets', () => {
    expect(stripeConnectionOptions('http://[::1]:8080')).toMatchObject({ host: '::1', port: 8080 });
  });
});
