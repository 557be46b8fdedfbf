// Build options come from the server by name ('fan_control'); the form shows them in the UI language (issue 15,
// item 12): a known option's name and hint from the locale files, an unknown one's name made readable
// ('new_thing' → 'New thing') and its hint as the server gives it.
type Translate = (key: string, options?: Record<string, unknown>) => string;

const readable = (name: string) => {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The option's label in the UI language. */
export const optionLabel = (translate: Translate, name: string): string =>
  translate(`app.build_form.option_names.${name}`, { _: readable(name) });

/** The option's hint in the UI language, else the server's description. */
export const optionHint = (translate: Translate, name: string, description?: string | null): string =>
  translate(`app.build_form.option_hints.${name}`, { _: description ?? '' });
