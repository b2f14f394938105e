import type { onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from './http-errors';
import { clientNetwork } from './net';

export interface AddressLimitOptions {
  /** Requests per window from one address (an IPv6 client by its /64). */
  max: number;
  windowMs: number;
  now?: () => number;
  message: (retryAfterSeconds: number) => string;
  /**
   * Retry-After's unit: seconds, as HTTP has it, unless the caller reads milliseconds (HubSpot's
   * workflows do, see docs/hubspot.md).
   */
  retryAfterUnit?: 'seconds' | 'milliseconds';
}

/**
 * A fixed-window limit per address, as an onRequest hook: the request over the limit gets 429 with
 * Retry-After before its body is read. Counting happens in one synchronous step per request, so a
 * burst of parallel requests lets exactly `max` through (a plugin store that hands every caller
 * the same mutable counter refused whole bursts). Stale windows are swept as the map grows.
 */
export function perAddressLimit({
  max,
  windowMs,
  now = Date.now,
  message,
  retryAfterUnit = 'seconds',
}: AddressLimitOptions): onRequestAsyncHookHandler {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return async (request, reply) => {
    const at = now();
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
    }
    const key = clientNetwork(request.ip);
    let window = windows.get(key);
    if (!window || window.resetAt <= at) {
      window = { count: 0, resetAt: at + windowMs };
      windows.set(key, window);
    }
    window.count++;
    reply.header('ratelimit-limit', String(max));
    reply.header('ratelimit-remaining', String(Math.max(0, max - window.count)));
    if (window.count > max) {
      const seconds = Math.max(1, Math.ceil((window.resetAt - at) / 1000));
      const retryAfter = retryAfterUnit === 'milliseconds' ? seconds * 1000 : seconds;
      throw new HttpError(
        429,
        'too_many_requests',
        message(seconds),
        {},
        { 'retry-after': String(retryAfter) },
      );
    }
  };
}
