import { afterEach, describe, expect, it } from 'vitest';

import { toastStore } from './toast-store';

describe('toast store', () => {
  afterEach(() => toastStore.dismiss());

  it('keeps one toast at a time: a new toast replaces the old one', () => {
    toastStore.show({ title: 'First' });
    const second = toastStore.show({ title: 'Second', variant: 'destructive' });
    expect(toastStore.getSnapshot()).toMatchObject({
      id: second,
      title: 'Second',
      variant: 'destructive',
    });
  });

  it('defaults the variant and removes a dismissed toast', () => {
    const id = toastStore.show({ title: 'Saved', description: 'All good' });
    expect(toastStore.getSnapshot()?.variant).toBe('default');
    toastStore.dismiss(id);
    expect(toastStore.getSnapshot()).toBeNull();
  });

  it('ignores dismissing a toast that was already replaced', () => {
    const old = toastStore.show({ title: 'Old' });
    toastStore.show({ title: 'New' });
    toastStore.dismiss(old);
    expect(toastStore.getSnapshot()?.title).toBe('New');
  });

  it('notifies subscribers', () => {
    let calls = 0;
    const unsubscribe = toastStore.subscribe(() => calls++);
    toastStore.show({ title: 'Hello' });
    toastStore.dismiss();
    unsubscribe();
    toastStore.show({ title: 'Unheard' });
    expect(calls).toBe(2);
  });
});
