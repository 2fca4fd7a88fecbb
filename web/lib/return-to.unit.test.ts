import { describe, expect, it } from 'vitest';
import { returnPathFrom, returnToState, safeReturnPath } from './return-to';

describe('the page to return to after signing in', () => {
  it('keeps the path and its query for a page of the same role', () => {
    expect(safeReturnPath('/deliveries', 'consumer')).toBe('/deliveries');
    expect(safeReturnPath('/profile?onglet=statistiques', 'consumer')).toBe('/profile?onglet=statistiques');
    expect(safeReturnPath('/products?q=riz&page=3#haut', 'consumer')).toBe('/products?q=riz&page=3#haut');
    expect(safeReturnPath('/delivery-agent/orders?filtre=en-cours', 'delivery_agent')).toBe('/delivery-agent/orders?filtre=en-cours');
    expect(safeReturnPath('/admin', 'admin')).toBe('/admin');
    expect(safeReturnPath('/admin/users/42?onglet=prix', 'admin')).toBe('/admin/users/42?onglet=prix');
  });

  it('never leads to another site', () => {
    for (const target of [
      'https://evil.example/deliveries',
      'http:/evil.example',
      '//evil.example/deliveries',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'javascript:alert(1)',
      'deliveries',
      ' /deliveries',
      '',
    ]) {
      expect(safeReturnPath(target, 'consumer'), target).toBeNull();
    }
    // An encoded character stays a path of this site.
    expect(safeReturnPath('/%2F%2Fevil.example', 'consumer')).toBe('/%2F%2Fevil.example');
  });

  it('never leads to a page of another role', () => {
    expect(safeReturnPath('/admin', 'consumer')).toBeNull();
    expect(safeReturnPath('/admin/orders', 'delivery_agent')).toBeNull();
    expect(safeReturnPath('/delivery-agent/orders', 'consumer')).toBeNull();
    expect(safeReturnPath('/deliveries', 'delivery_agent')).toBeNull();
    expect(safeReturnPath('/deliveries', 'admin')).toBeNull();
    expect(safeReturnPath('/profile', 'admin')).toBeNull();
    // Paths that only start like another space belong to the consumer's.
    expect(safeReturnPath('/administration', 'consumer')).toBe('/administration');
    expect(safeReturnPath('/admin/../deliveries', 'consumer')).toBe('/deliveries');
    expect(safeReturnPath('/delivery-agent/../admin', 'delivery_agent')).toBeNull();
  });

  it('never leads back to a signed-out page', () => {
    for (const target of ['/login', '/register?x=1', '/forgot-password', '/reset-password?token=abc']) expect(safeReturnPath(target, 'consumer')).toBeNull();
    expect(safeReturnPath('/delivery-agent/login', 'delivery_agent')).toBeNull();
  });

  it('refuses what is not a short string', () => {
    expect(safeReturnPath(undefined, 'consumer')).toBeNull();
    expect(safeReturnPath(42, 'consumer')).toBeNull();
    expect(safeReturnPath({ pathname: '/deliveries' }, 'consumer')).toBeNull();
    expect(safeReturnPath(`/products?q=${'a'.repeat(3000)}`, 'consumer')).toBeNull();
  });

  it('reads and writes the login page history state', () => {
    const state = returnToState({ pathname: '/profile', search: '?onglet=statistiques', hash: '' });
    expect(state).toEqual({ from: '/profile?onglet=statistiques' });
    expect(returnPathFrom(state, 'consumer')).toBe('/profile?onglet=statistiques');
    expect(returnPathFrom(state, 'admin')).toBeNull();
    expect(returnPathFrom(null, 'consumer')).toBeNull();
    expect(returnPathFrom({ from: '//evil.example' }, 'consumer')).toBeNull();
  });
});
