// What the logo upload checks before it sends anything (spec §5 Logo; the server checks the same again).
import { LOGO_MAX_BYTES, LOGO_TYPES } from '../../../contract/constants';
import { bothLogos } from '../../../contract/rules/account';

/** An i18n key when the file is no PNG, JPEG or SVG, or is bigger than 2 MiB. */
export function logoFileError(file: Pick<File, 'type' | 'size'>): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return 'app.logos.wrong_type';
  if (file.size > LOGO_MAX_BYTES) return 'app.logos.too_big';
  return undefined;
}

/** A new logo set needs both the light-theme and the dark-theme image: 'Please upload both logotypes'. */
export function logoUploadError(light?: File, dark?: File): string | undefined {
  const message = bothLogos(light, dark) ?? (!light && !dark ? 'app.validation.logos_both' : undefined);
  return typeof message === 'string' ? message : message?.message;
}
