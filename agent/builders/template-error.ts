/** A recipe template's mistake, or a value its file cannot hold: names the template and, where known, the line. */
export class TemplateError extends Error {}
