import { describe, expect, it } from 'vitest';
import { changesOf } from './changes';

describe('changesOf', () => {
  it('lists only the fields that changed', () => {
    expect(changesOf({ role: 'staff', name: 'Sam' }, { role: 'owner', name: 'Sam' })).toEqual([
      { field: 'role', before: 'staff', after: 'owner' },
    ]);
  });
  it('shows every field of something created or removed', () => {
    expect(changesOf(null, { email: 'a@b.org', tags: ['x'] })).toEqual([
      { field: 'email', before: '—', after: 'a@b.org' },
      { field: 'tags', before: '—', after: '["x"]' },
    ]);
    expect(changesOf({ role: 'volunteer' }, null)).toEqual([{ field: 'role', before: 'volunteer', after: '—' }]);
  });
  it('shows plain values whole, and nothing when there is nothing', () => {
    expect(changesOf(3, 4)).toEqual([{ field: 'value', before: '3', after: '4' }]);
    expect(changesOf(null, null)).toEqual([]);
  });
});
