import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Target } from './webhook-address';

export type PostOutcome = { status: number } | { status: null; error: string };

/**
 * POSTs one delivery to its checked target: connected to the address that was checked (no second lookup a
 * rebinding name could answer otherwise), no redirects followed, the answer's body read and dropped, given up
 * after `timeoutMs`.
 */
export function postWebhook(
  target: Target,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<PostOutcome> {
  const pinned = target.address;
  const lookup: LookupFunction | undefined = pinned
    ? (_host, options, callback) => {
        if (options.all) callback(null, [pinned]);
        else callback(null, pinned.address, pinned.family);
      }
    : undefined;
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        timeout: timeoutMs,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'firmware-console-webhooks',
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', (error) => resolve({ status: null, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer in ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });
}
