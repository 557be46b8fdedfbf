// A refused logo image, said in the user's language with the image, the file and the reason (issue 37): the
// server's English reason is read back into its message (contract/rules/logo-refusals.ts).
import type { Message } from '../../contract/messages';
import {
  isLogoImageField,
  type LogoImageField,
  logoRefusalMessage,
} from '../../contract/rules/logo-refusals';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const translated = (message: Message, translate: Translate, fallback?: string) =>
  typeof message === 'string'
    ? translate(message, { _: fallback ?? message })
    : translate(message.message, { ...message.args, _: fallback ?? message.message });

/** 'Light-theme logo "notes.png": <reason>'; without a file name, 'Light-theme logo: <reason>'. */
export function logoFileText(
  field: LogoImageField,
  file: string | undefined,
  reason: Message,
  translate: Translate,
  fallback?: string,
): string {
  const image = translate(`app.logos.${field === 'image_le' ? 'light' : 'dark'}_logo`);
  const why = translated(reason, translate, fallback);
  return file ? translate('app.logos.file_refused', { image, file, reason: why }) : `${image}: ${why}`;
}

/** The text of a 422 entry about a logo image (`file`: the name the console added), else undefined. */
export function logoRefusalText(
  entry: { loc?: unknown[]; msg?: unknown; file?: unknown },
  translate: Translate,
): string | undefined {
  const field = Array.isArray(entry.loc) ? String(entry.loc.at(-1)) : '';
  if (!isLogoImageField(field) || typeof entry.msg !== 'string') return undefined;
  const file = typeof entry.file === 'string' ? entry.file : undefined;
  return logoFileText(field, file, logoRefusalMessage(entry.msg) ?? entry.msg, translate, entry.msg);
}

/** The upload's refusal with each image's entry naming the file that was sent for it. */
export function withLogoFileNames(error: unknown, files: Record<LogoImageField, string>): unknown {
  const detail = (error as { status?: number; body?: { detail?: unknown } } | null)?.body?.detail;
  if (!Array.isArray(detail)) return error;
  for (const entry of detail as { loc?: unknown[]; file?: string }[]) {
    const field = Array.isArray(entry?.loc) ? String(entry.loc.at(-1)) : '';
    if (isLogoImageField(field)) entry.file = files[field];
  }
  return error;
}

/** The 422's texts per logo image, or undefined when the error is not about the images alone. */
export function logoRefusals(
  error: unknown,
  translate: Translate,
): Partial<Record<LogoImageField, string>> | undefined {
  const e = error as { status?: number; body?: { detail?: unknown } } | null;
  if (e?.status !== 422 || !Array.isArray(e.body?.detail) || e.body.detail.length === 0) return undefined;
  const found: Partial<Record<LogoImageField, string>> = {};
  for (const entry of e.body.detail as { loc?: unknown[]; msg?: unknown }[]) {
    const text = logoRefusalText(entry, translate);
    if (text === undefined) return undefined;
    const field = String(entry.loc?.at(-1)) as LogoImageField;
    found[field] ??= text;
  }
  return found;
}
