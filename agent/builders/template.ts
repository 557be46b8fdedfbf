/**
 * The template language of a packaging recipe (build/recipe.json): Liquid, rendered by LiquidJS
 * (https://liquidjs.com), as the README documents it. A `recipe: 1` file's templates are in the format's first
 * language, a small Mustache, which template-mustache.ts translates to Liquid first.
 *
 * Templates come from a release's sources, so they are hostile input: template-engine.ts sets LiquidJS up so
 * that they reach no file, see no prototype, and stay within bounds of time and memory.
 *
 * Values are written for the file's format (issue 36): JSON (`| json`, `| quote`, and any value in a `.json`
 * template, as string content) escapes line and paragraph separators, NEXT LINE, DEL, C1 and bidi controls
 * too, which JSON.stringify leaves raw; a value written as it is into any other file may hold none of those
 * nor any control character, or the template fails, unless it is whole lines (`authorized_keys`). `| json`
 * and `| quote` are ours (Liquid's `json` leaves those characters raw).
 */
import { type Liquid, LiquidError } from 'liquidjs';
import { UNSAFE_TEXT } from '../../contract/rules/text';
import { hostileTemplateEngine, renderBounded } from './template-engine';
import { TemplateError } from './template-error';
import { mustacheToLiquid, registerMustacheTags } from './template-mustache';

export { TemplateError };

/** The template languages by the recipe's format version: 1 the first (Mustache), 2 Liquid. */
export type TemplateSyntax = 'mustache' | 'liquid';

/** Text already written as JSON by `| json` or `| quote`: the output escape leaves it as it is. */
class JsonText {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
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

const text = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

class UnsafeValue extends Error {}

/** A value as the file's format takes it (see the top). */
function written(value: unknown, jsonFile: boolean): string {
  if (value instanceof JsonText) return value.text;
  const structured = value !== null && typeof value === 'object';
  const out = text(value);
  if (jsonFile) return escapeJson(structured ? out : JSON.stringify(out).slice(1, -1));
  if (structured) return escapeJson(out);
  if (!UNSAFE_TEXT.test(out) || isWholeLines(out)) return out;
  throw new UnsafeValue('holds a line break or control character');
}

function engine(syntax: TemplateSyntax, jsonFile: boolean): Liquid {
  const liquid = hostileTemplateEngine((value) => written(value, jsonFile));
  liquid.registerFilter('json', (value: unknown) => new JsonText(escapeJson(JSON.stringify(value ?? null))));
  liquid.registerFilter('quote', (value: unknown) => new JsonText(escapeJson(JSON.stringify(text(value)))));
  if (syntax === 'mustache') registerMustacheTags(liquid);
  return liquid;
}

/** A LiquidJS error as ours: the template's name, the line, what went wrong. */
function templateError(error: unknown, name: string): unknown {
  if (error instanceof TemplateError || !(error instanceof Error)) return error;
  if (!(error instanceof LiquidError)) return new TemplateError(`${name}: ${error.message}`);
  const line = error.token?.getPosition()[0];
  const cause = (error as { originalError?: Error }).originalError;
  const where = line ? `${name}, line ${line}` : name;
  if (cause instanceof UnsafeValue)
    return new TemplateError(`${where}: ${error.token.getText()} ${cause.message}`);
  const message = (cause?.message ?? error.message).replace(/, line:\d+, col:\d+$/, '');
  return new TemplateError(`${where}: ${message}`);
}

/**
 * `source` (the recipe's template `name`) rendered with `context`: Liquid, or the first Mustache-like language
 * for a `recipe: 1` file. A mistake, a value the file cannot hold, or a template past its bounds throws a
 * TemplateError naming the template and, where there is one, the line.
 */
export function renderTemplate(
  source: string,
  context: Record<string, unknown>,
  name = 'template',
  syntax: TemplateSyntax = 'liquid',
): string {
  const liquid = engine(syntax, /\.json$/i.test(name));
  try {
    return renderBounded(
      liquid,
      syntax === 'mustache' ? mustacheToLiquid(source, name) : source,
      name,
      context,
    );
  } catch (error) {
    throw templateError(error, name);
  }
}
