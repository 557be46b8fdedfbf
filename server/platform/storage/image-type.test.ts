import { describe, expect, it } from 'vitest';
import { checkImage } from './image-type';

const svg = (text: string) => checkImage(Buffer.from(text));

describe('checkImage', () => {
  it('tells PNG, JPEG and SVG by their bytes', () => {
    expect(checkImage(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toEqual({
      ok: true,
      type: { ext: 'png', contentType: 'image/png' },
    });
    expect(checkImage(Buffer.from('ffd8ffdb0000', 'hex'))).toMatchObject({ ok: true, type: { ext: 'jpg' } });
    expect(svg('<svg xmlns="http://www.w3.org/2000/svg"/>')).toMatchObject({
      ok: true,
      type: { ext: 'svg' },
    });
    expect(svg('\uFEFF  <?xml version="1.0"?>\n<svg width="1"></svg>')).toMatchObject({ ok: true });
  });

  it('refuses everything else', () => {
    for (const text of ['', 'hello', 'GIF89a', '<html><svg></svg></html>', '<?xml version="1.0"?><root/>']) {
      expect(svg(text), text).toEqual({ ok: false, reason: 'Only PNG, JPEG or SVG images are allowed' });
    }
  });

  it('accepts SVG after a comment or a doctype, and refuses SVG that fails the safety check (svg-check)', () => {
    expect(svg('<!-- Generator: an editor -->\n<svg xmlns="http://www.w3.org/2000/svg"/>')).toMatchObject({
      ok: true,
    });
    expect(svg('<svg><script>x()</script></svg>')).toEqual({
      ok: false,
      reason: 'SVG images may not contain <script>',
    });
  });
});
