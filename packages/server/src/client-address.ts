/**
 * Who is asking: the address a request or a connection comes from, for every limit per address
 * (docs/server.md, "Threat model"). It is the socket's peer, unless the peer is one of the
 * configured trusted proxies (`TRUSTED_PROXIES`: a load balancer, `npm run cluster`'s proxy), in
 * which case it is the last address of `X-Forwarded-For` that no trusted proxy added. A header
 * from anyone else is ignored: a stranger who sends `X-Forwarded-For` gains nothing by it.
 */
import { BlockList, isIP } from 'node:net';

/** The trusted proxies from a comma-separated list of addresses and CIDR ranges ("10.0.0.0/8"). */
export function trustedProxies(list: string | undefined): BlockList {
  const trusted = new BlockList();
  for (const entry of (list ?? '').split(',')) {
    const text = entry.trim();
    if (text === '') continue;
    const [base, bits] = text.split('/') as [string, string | undefined];
    const family = isIP(base);
    if (family === 0) throw new Error(`TRUSTED_PROXIES: "${text}" is not an address or a CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) trusted.addAddress(base, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128))
        throw new Error(`TRUSTED_PROXIES: "${text}" has a bad prefix length`);
      trusted.addSubnet(base, prefix, type);
    }
  }
  return trusted;
}

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) as the IPv4 it is. */
export function plainAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  return lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4 ? lower.slice(7) : lower;
}

const isTrusted = (trusted: BlockList, address: string): boolean => {
  const family = isIP(address);
  return family !== 0 && trusted.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/**
 * The client's address: `peer` itself, or, when `peer` is a trusted proxy, the rightmost address
 * of `forwardedFor` that is not a trusted proxy (each proxy appends the address it saw). A header
 * that holds no address leaves the peer.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: BlockList,
): string {
  const from = peer ? plainAddress(peer) : 'unknown';
  if (!forwardedFor || !isTrusted(trusted, from)) return from;
  const chain = forwardedFor
    .split(',')
    .map(plainAddress)
    .filter((a) => isIP(a) !== 0);
  for (let i = chain.length - 1; i >= 0; i--) if (!isTrusted(trusted, chain[i]!)) return chain[i]!;
  return chain[0] ?? from;
}
