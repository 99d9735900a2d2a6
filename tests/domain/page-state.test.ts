import { describe, expect, it } from 'vitest';
import { editStateRefused, isEditStateRefusal, isEditStateRefused } from '../../domain/page-state';

describe('405 on the edit-state check disables the page (001 section 8)', () => {
  it('marks the refusal with editState 0', () => {
    expect(editStateRefused).toEqual({ editState: 0 });
    expect(isEditStateRefused(editStateRefused)).toBe(true);
  });

  it('tells the edit-state refusal from a 405 about the input', () => {
    expect(isEditStateRefused({ editState: 1 })).toBe(false);
    expect(isEditStateRefused({ editState: '0' })).toBe(false);
    expect(isEditStateRefused({})).toBe(false);
    expect(isEditStateRefused(null)).toBe(false);
    expect(isEditStateRefused(undefined)).toBe(false);
    expect(isEditStateRefused(0)).toBe(false);
  });

  it('reads a thrown error: only code 405 with the marker disables the page', () => {
    expect(isEditStateRefusal({ code: 405, data: { editState: 0 } })).toBe(true);
    expect(isEditStateRefusal({ code: 409, data: { editState: 0 } })).toBe(false);
    expect(isEditStateRefusal({ code: 405, data: null })).toBe(false);
    expect(isEditStateRefusal({ code: 405 })).toBe(false);
    expect(isEditStateRefusal(null)).toBe(false);
    expect(isEditStateRefusal('405')).toBe(false);
    expect(isEditStateRefusal(undefined)).toBe(false);
  });
});
