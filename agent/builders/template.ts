/**
 * The template language of a packaging recipe (build/recipe.json), a small subset of Mustache:
 *
 * - `{{ name }}`, `{{ build.model }}`: a value by its dotted path; strings as they are, numbers and booleans
 *   as text, null or missing as nothing, objects and lists as JSON.
 * - `{{ name | json }}`: the value as compact JSON (`"text"`, `[...]`, `null`); `| quote` a JSON string of
 *   its text; `| default:"x"` the given text when the value is null, missing or empty.
 * - `{{#each list}} … {{/each}}`: the block once per item, the item's fields in scope (`{{ url }}`), with
 *   `{{ @index }}` (from 0), `{{ @number }}` (from 1), `{{ this }}` (the item) and `{{ @last }}`.
 * - `{{#if name}} … {{else}} … {{/if}}`: the first block when the value is truthy (a non-empty list), else the
 *   second; `{{#unless name}} … {{/unless}}` the reverse.
 *
 * An unknown tag or an unbalanced block is an error naming the template and the line.
 *
 * Values are written for the file's format (issue 36): JSON (`| json`, `| quote`, and any value in a `.json`
 * template, as string content) escapes line and paragraph separators, NEXT LINE, DEL, C1 and bidi controls
 * too, which JSON.stringify leaves raw; a value written as it is into any other file may hold none of those
 * nor any control character, or the template fails, unless it is whole lines (`authorized_keys`).
 */
import { UNSAFE_TEXT } from '../../contract/rules/text';

type Scope = Record<string, unknown>;

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'value'; path: string; filters: string[]; line: number }
  | { kind: 'block'; type: 'each' | 'if' | 'unless'; path: string; body: Node[]; otherwise: Node[] };

const TAG = /\{\{\s*([#/]?)([^{}]*?)\s*\}\}/g;

export class TemplateError extends Error {}

export function renderTemplate(source: string, context: Scope, name = 'template'): string {
  return renderNodes(parse(source, name), [context], name);
}

function parse(source: string, name: string): Node[] {
  const root: Node[] = [];
  const stack: { node: Extract<Node, { kind: 'block' }>; target: Node[]; line: number }[] = [];
  let current = root;
  let last = 0;
  const lineAt = (index: number) => source.slice(0, index).split('\n').length;
  for (const match of source.matchAll(TAG)) {
    const index = match.index ?? 0;
    if (index > last) current.push({ kind: 'text', text: source.slice(last, index) });
    last = index + match[0].length;
    const [, sigil, body] = match;
    const line = lineAt(index);
    const fail = (why: string) => new TemplateError(`${name}, line ${line}: ${why}`);
    if (sigil === '#') {
      const [type, path = ''] = body.split(/\s+/, 2);
      if (type !== 'each' && type !== 'if' && type !== 'unless') throw fail(`unknown block {{#${type}}}`);
      if (!path) throw fail(`{{#${type}}} needs a value`);
      const node: Extract<Node, { kind: 'block' }> = { kind: 'block', type, path, body: [], otherwise: [] };
      current.push(node);
      stack.push({ node, target: node.body, line });
      current = node.body;
    } else if (sigil === '/') {
      const open = stack.pop();
      if (!open || open.node.type !== body.trim()) throw fail(`{{/${body}}} closes no open block`);
      const parent = stack.at(-1);
      current = parent ? parent.target : root;
    } else if (body === 'else') {
      const open = stack.at(-1);
      if (!open || open.node.type === 'each') throw fail('{{else}} outside {{#if}}');
      open.target = open.node.otherwise;
      current = open.node.otherwise;
    } else {
      const [path, ...filters] = body.split('|').map((part) => part.trim());
      if (!path) throw fail('an empty tag');
      for (const filter of filters)
        if (!/^(json|quote|default:".*")$/.test(filter)) throw fail(`unknown filter "${filter}"`);
      current.push({ kind: 'value', path, filters, line });
    }
  }
  if (stack.length) {
    const open = stack[stack.length - 1];
    throw new TemplateError(`${name}, line ${open.line}: {{#${open.node.type}}} is never closed`);
  }
  if (last < source.length) current.push({ kind: 'text', text: source.slice(last) });
  return root;
}

function lookup(scopes: Scope[], path: string): unknown {
  const [head, ...rest] = path.split('.');
  const scope = scopes.find((s) => s && typeof s === 'object' && head in s);
  let value: unknown = scope?.[head];
  for (const key of rest) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Scope)[key];
  }
  return value;
}

const truthy = (value: unknown) =>
  Array.isArray(value)
    ? value.length > 0
    : value !== null && value !== undefined && value !== false && value !== '';

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const UNSAFE = new RegExp(UNSAFE_TEXT.source, 'gu');
/** JSON with what JSON.stringify leaves raw of UNSAFE_TEXT as \\u escapes (it escapes C0 itself). */
const escapeJson = (json: string) =>
  json.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const isWholeLines = (out: string) =>
  out.endsWith('\n') &&
  out
    .slice(0, -1)
    .split('\n')
    .every((line) => !UNSAFE_TEXT.test(line));

function applyFilters(value: unknown, filters: string[]): string {
  let current: unknown = value;
  let asText: string | undefined;
  for (const filter of filters) {
    if (filter === 'json') asText = escapeJson(JSON.stringify(current ?? null));
    else if (filter === 'quote') asText = escapeJson(JSON.stringify(asText ?? text(current)));
    else {
      const fallback = JSON.parse(filter.slice('default:'.length)) as string;
      if (!truthy(asText ?? current)) {
        current = fallback;
        asText = undefined;
      }
    }
  }
  return asText ?? text(current);
}

/** A value as the file's format takes it (see the top). */
function written(node: Extract<Node, { kind: 'value' }>, value: unknown, name: string): string {
  const out = applyFilters(value, node.filters);
  if (node.filters.some((f) => f === 'json' || f === 'quote')) return out;
  const structured = value !== null && typeof value === 'object';
  if (/\.json$/i.test(name)) return escapeJson(structured ? out : JSON.stringify(out).slice(1, -1));
  if (structured || !UNSAFE_TEXT.test(out) || isWholeLines(out)) return structured ? escapeJson(out) : out;
  throw new TemplateError(
    `${name}, line ${node.line}: {{ ${node.path} }} holds a line break or control character`,
  );
}

function renderNodes(nodes: Node[], scopes: Scope[], name: string): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'value') out += written(node, lookup(scopes, node.path), name);
    else {
      const value = lookup(scopes, node.path);
      if (node.type === 'each') {
        const items = Array.isArray(value) ? value : [];
        items.forEach((item, index) => {
          const own: Scope = {
            this: item,
            '@index': index,
            '@number': index + 1,
            '@last': index === items.length - 1,
            ...(item !== null && typeof item === 'object' ? (item as Scope) : {}),
          };
          out += renderNodes(node.body, [own, ...scopes], name);
        });
      } else {
        const yes = node.type === 'if' ? truthy(value) : !truthy(value);
        out += renderNodes(yes ? node.body : node.otherwise, scopes, name);
      }
    }
  }
  return out;
}
