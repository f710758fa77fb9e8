import { describe, expect, it } from 'vitest';
import { clientKey, networkKey, platformClientAddress } from './client-key.ts';

describe('the key a client is counted under', () => {
  it('is an IPv4 address itself', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('is an IPv6 address’s /64, however the address is written', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0:0:0:9',
      '2001:db8:1:2::',
    ]) {
      expect(clientKey(address), address).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('fe80::1%eth0')).toBe('fe80::1%eth0');
  });
});

describe('the network a client belongs to', () => {
  it('is an IPv6 address’s /48, and for anything else the client’s own key', () => {
    expect(networkKey('2001:db8:1:2::1')).toBe('2001:db8:1::/48');
    expect(networkKey('2001:0DB8:0001:ffff:abcd::7')).toBe('2001:db8:1::/48');
    expect(networkKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(networkKey('198.51.100.7')).toBe('198.51.100.7');
    expect(networkKey('unknown')).toBe('unknown');
  });
});

describe('the caller’s address on hosted Supabase', () => {
  it('is the right-most X-Forwarded-For entry, which the platform’s proxy appended', () => {
    // A caller may send any X-Forwarded-For; the platform appends the address it saw after it.
    expect(platformClientAddress('6.6.6.6, 198.51.100.7', '10.0.0.1')).toBe('198.51.100.7');
    expect(platformClientAddress('1.1.1.1,2.2.2.2, 2001:db8::5', '10.0.0.1')).toBe('2001:db8::5');
    expect(platformClientAddress('198.51.100.7', '10.0.0.1')).toBe('198.51.100.7');
  });

  it('is the connection’s address when no entry is an address', () => {
    expect(platformClientAddress(null, '10.0.0.1')).toBe('10.0.0.1');
    expect(platformClientAddress('', '10.0.0.1')).toBe('10.0.0.1');
    expect(platformClientAddress('198.51.100.7, not-an-address', '10.0.0.1')).toBe('10.0.0.1');
    expect(platformClientAddress('198.51.100.7, lenses.example', '10.0.0.1')).toBe('10.0.0.1');
    expect(platformClientAddress('198.51.100.7, 198.51.100.256', '10.0.0.1')).toBe('10.0.0.1');
  });
});
