/**
 * HTTP requests from a chosen loopback address (127.x.y.z: every one reaches a server listening on
 * 127.0.0.1), so that a test can be several people, or one person behind many addresses.
 */
import { request } from 'node:http';

export interface FromAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: unknown;
}

export function fromAddress(
  base: string,
  method: string,
  path: string,
  options: { from?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<FromAnswer> {
  const url = new URL(path, base);
  const text =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string'
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    ...(text === undefined
      ? {}
      : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress: options.from ?? '127.0.0.1',
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => {
          let body: unknown = data;
          try {
            body = JSON.parse(data);
          } catch {
            // not JSON: kept as text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
      },
    );
    req.on('error', reject);
    if (text !== undefined) req.write(text);
    req.end();
  });
}

/** The refusal's code of an answer, or null. */
export const codeIn = (answer: FromAnswer): string | null =>
  (answer.body as { error?: { code?: string } } | null)?.error?.code ?? null;
