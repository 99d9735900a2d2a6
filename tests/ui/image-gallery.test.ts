import { describe, expect, it } from 'vitest';
import { clampZoom, maxZoom, minZoom } from '../../src/ui/image-gallery';

describe('image preview zoom (000 section 9: 1 to 4)', () => {
  it('stays within 1 and 4 times', () => {
    expect(clampZoom(0.2)).toBe(minZoom);
    expect(clampZoom(9)).toBe(maxZoom);
    expect(clampZoom(4.4)).toBe(4);
  });

  it('moves on the half step', () => {
    expect(clampZoom(1.5)).toBe(1.5);
    expect(clampZoom(2.2)).toBe(2);
    expect(clampZoom(2.3)).toBe(2.5);
  });
});
