import { describe, expect, it } from 'vitest';
import { guessingParty, loginAddressKey } from './login-failures';

describe('the party guesses come from', () => {
  it('is an IPv4 address as it is, mapped or not', () => {
    expect(guessingParty('203.0.113.7')).toBe('203.0.113.7');
    expect(guessingParty('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    expect(guessingParty('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(guessingParty('2001:0db8:00aa:00bb:ffff::1')).toBe('2001:db8:aa:bb::/64');
    expect(guessingParty('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(guessingParty('::1')).toBe('0:0:0:0::/64');
  });

  it('puts every address of one /64 under one sign-in counter', () => {
    expect(loginAddressKey('a@example.com', '2001:db8:aa:bb::1')).toBe(
      loginAddressKey('A@example.com', '2001:db8:aa:bb:ffff:ffff:ffff:ffff'),
    );
    expect(loginAddressKey('a@example.com', '2001:db8:aa:bb::1')).not.toBe(
      loginAddressKey('a@example.com', '2001:db8:aa:bc::1'),
    );
  });
});
