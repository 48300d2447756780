import { describe, expect, it } from 'vitest';

import {
  currentPasswordError,
  emailError,
  newPasswordError,
  onlyErrors,
} from './account-validation';

describe('account form checks', () => {
  it('words each problem as the server does', () => {
    expect(emailError(' ')).toBe('Email is required');
    expect(emailError('ada@')).toBe('Please enter a valid email address');
    expect(emailError(' ada@example.com ')).toBeUndefined();
    expect(newPasswordError('')).toBe('Password is required');
    expect(newPasswordError('12345')).toBe('Password must be at least 6 characters');
    expect(newPasswordError('123456')).toBeUndefined();
    expect(currentPasswordError('')).toBe('Enter your current password');
    expect(onlyErrors({ a: undefined, b: 'x' })).toEqual({ b: 'x' });
  });
});
