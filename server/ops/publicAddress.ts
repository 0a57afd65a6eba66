/**
 * The address this process announces with each seat reservation (Colyseus `publicAddress`):
 * clients open their websocket there. A fleet of identical processes (`docker-compose up --scale`)
 * cannot each be given their own PUBLIC_ADDRESS, so PUBLIC_ADDRESS_TEMPLATE (e.g.
 * `play.example:443/node/{ip}`) is completed at start with the address the proxy reaches this
 * process at, and deploy/nginx.conf routes `/node/<ip>/` to that address (docs/operations.md).
 */
import net from 'node:net';
import os from 'node:os';

export const IP_PLACEHOLDER = '{ip}';

export interface AddressSettings {
  PUBLIC_ADDRESS?: string;
  PUBLIC_ADDRESS_TEMPLATE?: string;
  /** The address the server listens on: a concrete one is the one the proxy reaches. */
  HOST: string;
}

type Interfaces = ReturnType<typeof os.networkInterfaces>;

/** What the process announces (undefined: none, one process answers everything); throws on a setting that cannot work. */
export function announcedAddress(settings: AddressSettings, interfaces: Interfaces = os.networkInterfaces()): string | undefined {
  const fixed = settings.PUBLIC_ADDRESS || undefined;
  const template = settings.PUBLIC_ADDRESS_TEMPLATE || undefined;
  if (fixed && template) throw new Error('PUBLIC_ADDRESS and PUBLIC_ADDRESS_TEMPLATE are both set: set one (the template gives each process its own address)');
  if (!template) return fixed;
  if (/^[a-z]+:\/\//i.test(template)) throw new Error(`PUBLIC_ADDRESS_TEMPLATE is host:port/path with no scheme, not "${template}"`);
  // Without the placeholder every process of the fleet would announce the same address (STACK-NOTES pitfall 8).
  if (template.split(IP_PLACEHOLDER).length !== 2) throw new Error(`PUBLIC_ADDRESS_TEMPLATE must contain ${IP_PLACEHOLDER} exactly once, not "${template}"`);
  return template.replace(IP_PLACEHOLDER, reachableIPv4(settings.HOST, interfaces));
}

/**
 * HOST when it names one IPv4 address; for a wildcard HOST, the machine's only non-loopback IPv4
 * address (a container's on its network). Several make the choice ambiguous: the operator names one.
 */
export function reachableIPv4(host: string, interfaces: Interfaces): string {
  if (net.isIPv4(host) && host !== '0.0.0.0') return host;
  if (host !== '0.0.0.0' && host !== '::') throw new Error(`PUBLIC_ADDRESS_TEMPLATE needs HOST to be an IPv4 address or a wildcard (0.0.0.0), not "${host}"`);
  const candidates = [...new Set(Object.values(interfaces).flatMap((list) => list ?? [])
    .filter((entry) => entry.family === 'IPv4' && !entry.internal)
    .map((entry) => entry.address))];
  if (candidates.length === 1) return candidates[0];
  if (candidates.length === 0) throw new Error('PUBLIC_ADDRESS_TEMPLATE: this machine has no non-loopback IPv4 address; set HOST to the address the proxy reaches');
  throw new Error(`PUBLIC_ADDRESS_TEMPLATE: this machine has several IPv4 addresses (${candidates.join(', ')}); set HOST to the one the proxy reaches`);
}
