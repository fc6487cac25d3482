import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIGNUP_STORAGE_KEY,
  clearSignupProgress,
  emptySignupProgress,
  readSignupProgress,
  saveSignupProgress,
} from './signup-storage';

function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('sign-up wizard storage', () => {
  let storage: ReturnType<typeof fakeStorage>;
  beforeEach(() => {
    storage = fakeStorage();
    vi.stubGlobal('window', { sessionStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts empty, then round-trips the step and data', () => {
    expect(readSignupProgress()).toEqual(emptySignupProgress);
    const progress = {
      ...emptySignupProgress,
      step: 3 as const,
      businessName: 'Sunrise',
      email: 'a@b.co',
    };
    saveSignupProgress(progress);
    expect(readSignupProgress()).toEqual(progress);
    clearSignupProgress();
    expect(storage.getItem(SIGNUP_STORAGE_KEY)).toBeNull();
  });

  it('shows step 4 only once the account exists', () => {
    saveSignupProgress({ ...emptySignupProgress, step: 4 });
    expect(readSignupProgress().step).toBe(3);
    saveSignupProgress({ ...emptySignupProgress, step: 2, userCreated: true });
    expect(readSignupProgress().step).toBe(4);
  });

  it('ignores damaged or foreign values, and never reads back a password', () => {
    storage.setItem(SIGNUP_STORAGE_KEY, '{not json');
    expect(readSignupProgress()).toEqual(emptySignupProgress);
    storage.setItem(SIGNUP_STORAGE_KEY, JSON.stringify({ step: 9 }));
    expect(readSignupProgress()).toEqual(emptySignupProgress);
    storage.setItem(
      SIGNUP_STORAGE_KEY,
      JSON.stringify({ step: 2, businessName: 42, password: 'secret-value' }),
    );
    const progress = readSignupProgress();
    expect(progress).toEqual({ ...emptySignupProgress, step: 2 });
    expect(JSON.stringify(progress)).not.toContain('secret-value');
  });
});
