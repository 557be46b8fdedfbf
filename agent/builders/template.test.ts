// @vitest-environment node
// Issue 36, finding 6.4: the renderer writes a value for the file's format. JSON is escaped (the line and
// paragraph separators, NEXT LINE and bidi controls too, which JSON.stringify leaves raw); a value written as
// it is into any other file may not bring a line break or control character into it.
import { describe, expect, it } from 'vitest';
import { renderTemplate, TemplateError } from './template';

const alias = 'F2 "Pool"\nx = 1\u2028y = 2\u2029\u0085\u202e';
const context = {
  alias,
  pools: [{ url: 'stratum+tcp://a:1', alias }],
  authorized_keys: 'ssh-ed25519 AAA1 me@a\nssh-ed25519 AAA2 me@b\n',
};
const LINE_BREAKS = /[\n\r\u0085\u2028\u2029\u202e]/;

describe('a value written into a JSON file', () => {
  it('is escaped as JSON string content, quote and line breaks included', () => {
    const out = renderTemplate('{"alias": "{{ alias }}"}\n', context, 'build/templates/branding.json');
    expect(JSON.parse(out)).toEqual({ alias });
    expect(out.trimEnd()).not.toMatch(LINE_BREAKS);
  });

  it('by | json or | quote in any file, leaves no raw line or paragraph separator', () => {
    const out = renderTemplate(
      'pools = {{ pools | json }}\nname = {{ alias | quote }}\n',
      context,
      'miner.conf',
    );
    const lines = out.split('\n');
    expect(lines).toHaveLength(3);
    expect(out.replace(/\n/g, '')).not.toMatch(LINE_BREAKS);
    expect(JSON.parse(lines[0].slice('pools = '.length))).toEqual(context.pools);
    expect(JSON.parse(lines[1].slice('name = '.length))).toBe(alias);
  });
});

describe('a value written as it is into another file', () => {
  it('is refused when it holds a line break or control character, naming the template and line', () => {
    for (const value of ['a\nb', 'a\u2028b', 'a\u0085b', 'a\rb', 'a\u001bb', 'a\u202eb']) {
      expect(() => renderTemplate('# pools\nalias = {{ alias }}\n', { alias: value }, 'miner.conf')).toThrow(
        new TemplateError('miner.conf, line 2: {{ alias }} holds a line break or control character'),
      );
    }
  });

  it('may be whole lines (authorized_keys), and plain text is written as it is', () => {
    expect(renderTemplate('{{ authorized_keys }}', context, 'authorized_keys')).toBe(context.authorized_keys);
    expect(renderTemplate('alias = {{ alias }}', { alias: 'Пул «Север» #1' }, 'miner.conf')).toBe(
      'alias = Пул «Север» #1',
    );
  });
});
