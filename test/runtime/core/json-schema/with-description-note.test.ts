import { describe, expect, test } from 'vitest';
import { withDescriptionNote } from '../../../../runtime/core/json-schema/with-description-note.js';

describe('withDescriptionNote', () => {
  test.each([
    [
      { type: 'string', description: 'A path.' },
      { type: 'string', description: 'A path. (Note.)' },
    ],
    [{ type: 'string' }, { type: 'string', description: '(Note.)' }],
    [{ description: '' }, { description: '(Note.)' }],
    [{ description: 3 }, { description: '(Note.)' }],
  ])('%j → %j', (given, want) => {
    const before = structuredClone(given);
    expect(withDescriptionNote(given, '(Note.)')).toEqual(want);
    expect(given).toEqual(before);
  });
});
