import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { announcedAddress } from './publicAddress.js';

type Interfaces = ReturnType<typeof os.networkInterfaces>;
const entry = (address: string, internal = false, family: 'IPv4' | 'IPv6' = 'IPv4') => ({ address, internal, family, netmask: '', mac: '', cidr: null }) as os.NetworkInterfaceInfo;
const container: Interfaces = { lo: [entry('127.0.0.1', true), entry('::1', true, 'IPv6')], eth0: [entry('172.18.0.5'), entry('fe80::1', false, 'IPv6')] };

describe('announcedAddress', () => {
  it('announces PUBLIC_ADDRESS as given, or nothing', () => {
    expect(announcedAddress({ PUBLIC_ADDRESS: 'localhost:8080/g1', HOST: '0.0.0.0' }, container)).toBe('localhost:8080/g1');
    expect(announcedAddress({ HOST: '0.0.0.0' }, container)).toBeUndefined();
    expect(announcedAddress({ PUBLIC_ADDRESS: '', PUBLIC_ADDRESS_TEMPLATE: '', HOST: '0.0.0.0' }, container)).toBeUndefined();
  });

  it('completes the template with the container address when listening on every address', () => {
    expect(announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'play.example:443/node/{ip}', HOST: '0.0.0.0' }, container)).toBe('play.example:443/node/172.18.0.5');
    expect(announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'play.example/node/{ip}', HOST: '::' }, container)).toBe('play.example/node/172.18.0.5');
  });

  it('completes the template with HOST when it names one address', () => {
    expect(announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: '127.0.0.1:8080/node/{ip}', HOST: '127.0.0.3' }, container)).toBe('127.0.0.1:8080/node/127.0.0.3');
  });

  it('refuses settings that would give every process the same address or none', () => {
    expect(() => announcedAddress({ PUBLIC_ADDRESS: 'a:1', PUBLIC_ADDRESS_TEMPLATE: 'b:2/node/{ip}', HOST: '0.0.0.0' }, container)).toThrow(/both set/);
    expect(() => announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'b:2/node', HOST: '0.0.0.0' }, container)).toThrow(/\{ip\} exactly once/);
    expect(() => announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'b:2/{ip}/{ip}', HOST: '0.0.0.0' }, container)).toThrow(/\{ip\} exactly once/);
    expect(() => announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'wss://b/node/{ip}', HOST: '0.0.0.0' }, container)).toThrow(/no scheme/);
    expect(() => announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'b/node/{ip}', HOST: 'game.local' }, container)).toThrow(/IPv4 address or a wildcard/);
  });

  it('asks for HOST when the machine has no address or several', () => {
    expect(() => announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'b/node/{ip}', HOST: '0.0.0.0' }, { lo: [entry('127.0.0.1', true)] })).toThrow(/no non-loopback/);
    expect(() => announcedAddress({ PUBLIC_ADDRESS_TEMPLATE: 'b/node/{ip}', HOST: '0.0.0.0' }, { ...container, eth1: [entry('10.0.0.7')] })).toThrow(/172\.18\.0\.5, 10\.0\.0\.7.*set HOST/);
  });
});
