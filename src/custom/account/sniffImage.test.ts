import { describe, expect, it } from 'vitest';
import { logoFileProblem, looksLikeImage } from './sniffImage';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('a logo file is checked by its content', () => {
  it('knows PNG, JPEG and SVG by their first bytes', () => {
    expect(looksLikeImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2))).toBe(true);
    expect(looksLikeImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(true);
    expect(looksLikeImage(text('\uFEFF  <?xml version="1.0"?><svg/>'))).toBe(true);
    expect(looksLikeImage(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(true);
    expect(looksLikeImage(text('just some notes'))).toBe(false);
    expect(looksLikeImage(bytes(0x47, 0x49, 0x46, 0x38))).toBe(false);
  });

  it('refuses a text file named .png, and still says a wrong type first', async () => {
    expect(await logoFileProblem(new File(['notes'], 'logo.png', { type: 'image/png' }))).toBe(
      'app.logos.not_image',
    );
    expect(await logoFileProblem(new File(['GIF8'], 'x.gif', { type: 'image/gif' }))).toBe(
      'app.logos.wrong_type',
    );
    expect(
      await logoFileProblem(
        new File([bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)], 'a.png', { type: 'image/png' }),
      ),
    ).toBeUndefined();
  });
});
