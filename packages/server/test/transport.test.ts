/** The socket.io server's settings (`transportOptions`) and the ping interval's configuration. */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../src/config.ts';
import { transportOptions } from '../src/realtime.ts';

describe('the transport', () => {
  it('pings every 25 s unless PING_INTERVAL_MS says otherwise, and never more often than every second', () => {
    expect(configFromEnv({}).pingIntervalMs).toBe(25_000);
    expect(configFromEnv({ PING_INTERVAL_MS: '10000' }).pingIntervalMs).toBe(10_000);
    expect(configFromEnv({ PING_INTERVAL_MS: '5' }).pingIntervalMs).toBe(1000);
    expect(() => configFromEnv({ PING_INTERVAL_MS: 'often' })).toThrow(/PING_INTERVAL_MS/);
  });

  it('speaks WebSocket only, with bounded messages and the configured pings', () => {
    const options = transportOptions(configFromEnv({ PING_INTERVAL_MS: '12000', MAX_MESSAGE_BYTES: '2048' }));
    expect(options).toMatchObject({
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: 2048,
      pingInterval: 12_000,
      pingTimeout: 20_000,
    });
  });
});
