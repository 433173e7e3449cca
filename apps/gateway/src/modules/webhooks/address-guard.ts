import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook may not reach unless WEBHOOKS_ALLOW_PRIVATE=true: loopback, private,
 * link-local (cloud metadata at 169.254.169.254 among them), carrier-grade NAT, unspecified,
 * multicast and reserved ranges, in IPv4 and IPv6 (IPv4-mapped IPv6 included).
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['100::', 64],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether an IP address is one a webhook may not be sent to. */
export function isForbiddenAddress(address: string): boolean {
  const mapped = MAPPED_V4.exec(address)?.[1];
  if (mapped) {
    return blocked.check(mapped, 'ipv4');
  }
  const family = isIP(address);
  if (family === 0) {
    return true;
  }
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'RefusedAddressError';
  }
}

/**
 * A `lookup` for http(s).request that resolves the host, refuses it when any address it resolves
 * to is forbidden, and hands the socket the checked address: what was checked is what is dialled
 * (no second resolution a DNS-rebinding attacker could answer differently).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (
    hostname: string,
    options: object,
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 4);
        return;
      }
      const refused = allowPrivate
        ? undefined
        : addresses.find((a) => isForbiddenAddress(a.address));
      if (refused || addresses.length === 0) {
        callback(
          new RefusedAddressError(`${hostname} resolves to a private or reserved address`),
          '',
          4,
        );
        return;
      }
      if ((options as { all?: boolean }).all) {
        callback(null, addresses);
        return;
      }
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Refuses a URL before any connection: its scheme, and a literal IP host (never looked up). */
export function checkDestination(url: URL, allowPrivate: boolean): void {
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new RefusedAddressError('url must use https');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host)) {
    throw new RefusedAddressError(`${host} is a private or reserved address`);
  }
}
