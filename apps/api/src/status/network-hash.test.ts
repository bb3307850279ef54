import { describe, expect, it } from 'vitest';
import { createNetworkHasher, networkOf } from './network-hash';

describe('networkOf', () => {
  it('keeps an IPv4 address and reads an IPv4-mapped IPv6 address as IPv4', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('cuts IPv6 to its /64, however the address is written', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:0db8:0001:0002:ffff:0:0:99', '2001:DB8:1:2:a:b:c:d'])
      expect(networkOf(ip)).toBe(net);
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('2001:db8:1:3::1')).not.toBe(net);
  });

  it('answers null for what is not an address', () => {
    for (const bad of ['', 'localhost', '999.1.1.1', '2001:db8:::1']) expect(networkOf(bad)).toBeNull();
  });
});

describe('createNetworkHasher', () => {
  it('gives one keyed hash per network, never the address, and another with another secret', () => {
    const secret = 'a'.repeat(32);
    const hash = createNetworkHasher(secret);
    expect(hash('2001:db8:1:2::1')).toBe(hash('2001:db8:1:2::ffff'));
    expect(hash('203.0.113.7')).not.toBe(hash('203.0.113.8'));
    expect(hash('203.0.113.7')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(hash('203.0.113.7')).toBe(createNetworkHasher(secret)('203.0.113.7'));
    expect(hash('203.0.113.7')).not.toBe(createNetworkHasher('b'.repeat(32))('203.0.113.7'));
    expect(hash('not an ip')).toBeNull();
  });
});
