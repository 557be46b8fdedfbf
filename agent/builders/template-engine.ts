/**
 * LiquidJS set up for templates that come from a release's sources, which are hostile input (security boundary,
 * hence the hand-written parts below, each saying why):
 *
 * - no file: the include, render and layout tags are removed (a template using one fails to parse), and the
 *   engine's file system and template map are empty besides;
 * - no prototype: only the context's own properties can be named (`ownPropertyOnly`);
 * - bounded: the source's length (`parseLimit`), the rendering time (`renderLimit`), and what filters, ranges
 *   and the output allocate (`memoryLimit`). LiquidJS does not count what a render writes, so a loop could
 *   fill the memory within its time: the emitters here charge every write to the memory limit, `capture`'s
 *   included;
 * - every value written goes through the output escape given: the `raw` filter, which skips it, and the
 *   `cycle` tag, which writes a value without it, are removed.
 */
import {
  CaptureTag,
  type Context,
  type Emitter,
  type FS,
  Liquid,
  Context as LiquidContext,
  type Template,
  toValueSync,
} from 'liquidjs';

/** Bounds on one template (a firmware's configuration files are a few KB). */
export const TEMPLATE_LIMITS = {
  /** Characters of template source. */
  parse: 1_000_000,
  /** Milliseconds of rendering. */
  renderMs: 2_000,
  /** LiquidJS's count of what filters and ranges allocate (characters, items), and here of what is written. */
  memory: 16_000_000,
};

/** No file for a template to reach: every lookup fails. */
const NO_FILES: FS = {
  exists: async () => false,
  existsSync: () => false,
  readFile: async () => Promise.reject(new Error('templates read no files')),
  readFileSync: () => {
    throw new Error('templates read no files');
  },
  resolve: () => '',
  contains: async () => false,
  containsSync: () => false,
  sep: '/',
};

/** Writes what a render makes, charging it to the render's memory limit. */
class BoundedEmitter implements Emitter {
  buffer = '';
  constructor(private readonly context: Context) {}

  write(html: unknown): void {
    const piece = html === null || html === undefined ? '' : String(html);
    this.context.memoryLimit.use(piece.length);
    this.buffer += piece;
  }
}

/** Liquid's `capture`, into a bounded emitter (LiquidJS's own renders it into an unbounded one). */
class BoundedCapture extends CaptureTag {
  *render(context: Context): Generator<unknown, void, string> {
    const html = yield this.liquid.renderer.renderTemplates(
      this.templates,
      context,
      new BoundedEmitter(context),
    );
    context.bottom()[this.variable] = html;
  }
}

/** A LiquidJS engine for hostile templates (see the top), writing every value through `outputEscape`. */
export function hostileTemplateEngine(outputEscape: (value: unknown) => string): Liquid {
  const liquid = new Liquid({
    fs: NO_FILES,
    templates: {},
    root: [],
    relativeReference: false,
    dynamicPartials: false,
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    parseLimit: TEMPLATE_LIMITS.parse,
    renderLimit: TEMPLATE_LIMITS.renderMs,
    memoryLimit: TEMPLATE_LIMITS.memory,
    outputEscape,
  });
  for (const tag of ['include', 'render', 'layout', 'block', 'cycle']) delete liquid.tags[tag];
  delete liquid.filters.raw;
  liquid.registerTag('capture', BoundedCapture);
  return liquid;
}

/** Parses and renders `source` (named `name` in errors) with `scope`, the output bounded (see the top). */
export function renderBounded(liquid: Liquid, source: string, name: string, scope: object): string {
  const templates: Template[] = liquid.parse(source, name);
  const context = new LiquidContext(scope, liquid.options, { sync: true }, { liquid });
  return toValueSync(liquid.renderer.renderTemplates(templates, context, new BoundedEmitter(context)));
}
