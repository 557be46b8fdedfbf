import { afterEach, describe, expect, it } from 'vitest';
import { putDocumentIcon, removeDocumentIcons } from '../test/documentIcon';
import { numberedIcon, pageIconHref, pageIconNumber, resetPageIcon, setPageIcon } from './pageIcon';

const decode = (href: string) => decodeURIComponent(href.replace('data:image/svg+xml,', ''));

describe('page icon', () => {
  afterEach(() => {
    removeDocumentIcons();
  });

  it('is the default icon with nothing in progress', () => {
    expect(pageIconNumber(0)).toBe(0);
    expect(pageIconNumber(-3)).toBe(0);
    expect(pageIconHref(0, '/favicon.svg')).toBe('/favicon.svg');
  });

  it('numbers 1 to 10 and caps at 10', () => {
    expect(pageIconNumber(1)).toBe(1);
    expect(pageIconNumber(10)).toBe(10);
    expect(pageIconNumber(11)).toBe(10);
    expect(pageIconNumber(5000)).toBe(10);
    expect(decode(pageIconHref(3, '/favicon.svg'))).toContain('>3</text>');
    expect(decode(pageIconHref(42, '/favicon.svg'))).toContain('>10</text>');
    expect(pageIconHref(42, '/favicon.svg')).toBe(numberedIcon(10));
  });

  it('switches the document icon and resets it to the default', () => {
    putDocumentIcon();
    const link = () => document.querySelector('link[rel="icon"]')?.getAttribute('href');
    setPageIcon(2);
    expect(decode(link() ?? '')).toContain('>2</text>');
    resetPageIcon();
    expect(link()).toBe('/favicon.svg');
  });
});
