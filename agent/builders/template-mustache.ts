/**
 * The first template language of recipes (`recipe: 1`), a small Mustache, translated to Liquid so that one
 * engine renders both (template.ts). What it had, and what each becomes:
 *
 * - `{{ build.model }}`, with filters `| json`, `| quote`, `| default:"x"`: the same Liquid output.
 * - `{{#each list}} … {{/each}}`: `mustache_each`, a tag of this engine only, since Liquid's `for` does not put
 *   the item's fields in scope (`{{ url }}`); `{{ this }}` is the item, `{{ @index }}`, `{{ @number }}` and
 *   `{{ @last }}` become `forloop.index0`, `forloop.index` and `forloop.last`.
 * - `{{#if x}} … {{else}} … {{/if}}` and `{{#unless x}} … {{/unless}}`: Liquid's, testing `x` by the old rule
 *   (an empty list or text is false, as are null and false), which Liquid's own truthiness does not follow.
 * - Text: as it is; a `{{` or `{%` in it is written by an output, so Liquid does not read it as a tag.
 *
 * A mistake throws a TemplateError naming the template and the line, with the old messages. Lines are kept:
 * a tag that spans lines keeps its line breaks.
 */
import {
  type Context,
  type Emitter,
  evalToken,
  type Liquid,
  type Parser,
  Tag,
  type TagToken,
  type Template,
  type TopLevelToken,
  type ValueToken,
} from 'liquidjs';
import { TemplateError } from './template-error';

const TAG = /\{\{\s*([#/]?)([^{}]*?)\s*\}\}/g;
const NAME = /^(?:@index|@number|@last|[A-Za-z_][\w-]*(?:\.[\w-]+)*)$/;
const LOOP_NAMES: Record<string, string> = {
  '@index': 'forloop.index0',
  '@number': 'forloop.index',
  '@last': 'forloop.last',
};
const FILTER = /^(json|quote|default:".*")$/;

/** The old rule: null, missing, false, empty text and an empty list are false. */
const present = (value: unknown) =>
  Array.isArray(value)
    ? value.length > 0
    : value !== null && value !== undefined && value !== false && value !== '';

/** A template of the first language as the same template in Liquid (see the top). */
export function mustacheToLiquid(source: string, name: string): string {
  const open: { type: string; line: number }[] = [];
  let out = '';
  let last = 0;
  const lineAt = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(TAG)) {
    const index = match.index ?? 0;
    out += literal(source.slice(last, index));
    last = index + match[0].length;
    const [whole, sigil, body] = match;
    const line = lineAt(index);
    const fail = (why: string) => new TemplateError(`${name}, line ${line}: ${why}`);
    const breaks = '\n'.repeat(whole.split('\n').length - 1);
    const value = (path: string) => {
      if (!NAME.test(path)) throw fail(path ? `"${path}" is not a value's name` : 'an empty tag');
      return LOOP_NAMES[path] ?? path;
    };
    if (sigil === '#') {
      const [type, path = ''] = body.split(/\s+/, 2);
      if (type !== 'each' && type !== 'if' && type !== 'unless') throw fail(`unknown block {{#${type}}}`);
      if (!path) throw fail(`{{#${type}}} needs a value`);
      open.push({ type, line });
      const tag = type === 'each' ? 'mustache_each' : type;
      const test = type === 'each' ? '' : ' | mustache_present';
      out += `{% ${tag} ${value(path)}${test}${breaks} %}`;
    } else if (sigil === '/') {
      if (open.at(-1)?.type !== body.trim()) throw fail(`{{/${body}}} closes no open block`);
      const type = open.pop()?.type;
      out += `{% end${type === 'each' ? 'mustache_each' : type}${breaks} %}`;
    } else if (body === 'else') {
      const block = open.at(-1);
      if (!block || block.type === 'each') throw fail('{{else}} outside {{#if}}');
      out += `{% else${breaks} %}`;
    } else {
      const [path, ...filters] = body.split('|').map((part) => part.trim());
      for (const filter of filters) if (!FILTER.test(filter)) throw fail(`unknown filter "${filter}"`);
      out += `{{ ${[value(path), ...filters].join(' | ')}${breaks} }}`;
    }
  }
  const block = open.at(-1);
  if (block) throw new TemplateError(`${name}, line ${block.line}: {{#${block.type}}} is never closed`);
  return out + literal(source.slice(last));
}

/**
 * Text, with what Liquid would read as the start of a tag written by an output instead: a `{` before `{` or
 * `%`, or at the end, since a tag follows.
 */
const literal = (text: string) => text.replace(/\{(?=[{%]|$)/g, "{{ '{' }}");

/** `{% mustache_each list %}`: the body once per item, the item's fields in scope (see the top). */
class MustacheEach extends Tag {
  private readonly list: ValueToken;
  private readonly templates: Template[] = [];

  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid, parser: Parser) {
    super(token, remain, liquid);
    const list = this.tokenizer.readValue();
    if (!list) throw new Error(`illegal tag: ${token.getText()}`);
    this.list = list;
    const stream = parser
      .parseStream(remain)
      .on('tag:endmustache_each', () => stream.stop())
      .on('template', (template: Template) => this.templates.push(template))
      .on('end', () => {
        throw new Error(`tag ${token.getText()} not closed`);
      });
    stream.start();
  }

  *render(context: Context, emitter: Emitter): Generator<unknown, void, unknown> {
    const value = yield evalToken(this.list, context);
    const items = Array.isArray(value) ? value : [];
    for (const [index, item] of items.entries()) {
      const fields = item !== null && typeof item === 'object' ? item : {};
      const forloop = { index0: index, index: index + 1, last: index === items.length - 1 };
      context.push({ ...fields, this: item, forloop });
      yield this.liquid.renderer.renderTemplates(this.templates, context, emitter);
      context.pop();
    }
  }
}

/** What translated templates need of the engine, registered on one used for them only. */
export function registerMustacheTags(liquid: Liquid): void {
  liquid.registerTag('mustache_each', MustacheEach);
  liquid.registerFilter('mustache_present', present);
}
