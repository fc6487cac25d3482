import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials';

describe('initialsOf', () => {
  it('takes the first letter of up to two words, uppercase', () => {
    expect(initialsOf('jane doe')).toBe('JD');
    expect(initialsOf('Mary Ann van der Berg')).toBe('MA');
    expect(initialsOf('Cher')).toBe('C');
  });

  it('ignores extra whitespace and handles empty names', () => {
    expect(initialsOf('  ada   lovelace ')).toBe('AL');
    expect(initialsOf('')).toBe('');
    expect(initialsOf(null)).toBe('');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(initialsOf('𝒜lice Smith')).toBe('𝒜S');
    expect(initialsOf('élodie ørsted')).toBe('ÉØ');
  });
});
