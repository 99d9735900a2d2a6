import { describe, expect, it } from 'vitest';
import { readPreviewAddress } from '../../src/features/public/same-origin';

const origin = 'http://127.0.0.1:8303';

describe('the preview address', () => {
  it('keeps a path of the app’s own origin with its query and fragment', () => {
    expect(readPreviewAddress('/files/help.png?v=2#top', origin)).toEqual({
      kind: 'sameOrigin',
      address: '/files/help.png?v=2#top',
    });
    expect(readPreviewAddress(`${origin}/files/a.png`, origin)).toEqual({
      kind: 'sameOrigin',
      address: '/files/a.png',
    });
  });

  it('refuses another site, another port and a protocol-relative address', () => {
    expect(readPreviewAddress('https://example.com/a', origin)).toEqual({ kind: 'foreign' });
    expect(readPreviewAddress('http://127.0.0.1:9999/a', origin)).toEqual({ kind: 'foreign' });
    expect(readPreviewAddress('//example.com/a', origin)).toEqual({ kind: 'foreign' });
    expect(readPreviewAddress('javascript:alert(1)', origin)).toEqual({ kind: 'foreign' });
  });

  it('says when there is no address at all', () => {
    expect(readPreviewAddress('  ', origin)).toEqual({ kind: 'missing' });
  });
});
