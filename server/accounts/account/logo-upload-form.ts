import type { FastifyRequest } from 'fastify';
import { LOGO_MAX_BYTES } from '../../../contract/constants';
import { englishText } from '../../../contract/english';
import { validation } from '../../../contract/messages';
import {
  IMAGE_TOO_LARGE,
  isLogoImageField,
  LOGO_IMAGE_FIELDS,
  type LogoImageField,
} from '../../../contract/rules/logo-refusals';
import { HttpError } from '../../platform/http/http-errors';
import { ValidationFailedError } from '../../platform/http/validation-errors';
import { checkImage, type ImageType } from '../../platform/storage/image-type';

export const BOTH_LOGOS_MESSAGE = englishText(validation('logos_both'));

export interface LogoImage {
  bytes: Buffer;
  type: ImageType;
}

export interface LogoForm {
  images: Record<LogoImageField, LogoImage>;
  makeDefault: boolean;
  /** Uploaded by the build or set form for that build alone (issue 37). */
  forBuild: boolean;
}

const LIMIT_CODES = new Set(['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT']);

/** The multipart plugin's limit errors say 'reach files limit'; ours say what to do. */
async function* withFriendlyLimits<T>(parts: AsyncIterable<T>): AsyncIterable<T> {
  try {
    yield* parts;
  } catch (error) {
    if (LIMIT_CODES.has((error as { code?: string }).code ?? '')) {
      throw new HttpError(413, 'Too many parts: send image_le, image_de and make_images_default only');
    }
    throw error;
  }
}

/**
 * Reads the multipart logo form (image_le, image_de, make_images_default) to the end and checks it: both
 * images, each a PNG, JPEG or safe SVG by its bytes (names and declared types are ignored) of at most 2 MiB.
 * Throws one 422 naming every bad field.
 */
export async function readLogoForm(request: FastifyRequest): Promise<LogoForm> {
  const issues: { loc: string[]; msg: string }[] = [];
  const invalid = (field: string, msg: string) => issues.push({ loc: ['body', field], msg });
  const images: Partial<Record<LogoImageField, LogoImage>> = {};
  let makeDefault = false;
  let forBuild = false;

  const parts = request.parts({
    limits: { fileSize: LOGO_MAX_BYTES, files: 4, fields: 4, parts: 8 },
    throwFileSizeLimit: false,
  } as Parameters<FastifyRequest['parts']>[0]);
  for await (const part of withFriendlyLimits(parts)) {
    if (part.type === 'field') {
      const flag = part.fieldname === 'make_images_default' || part.fieldname === 'for_build';
      if (!flag) invalid(part.fieldname, 'Extra field not permitted');
      else if (part.value !== 'true' && part.value !== 'false')
        invalid(part.fieldname, 'Must be one of: true, false');
      else if (part.fieldname === 'for_build') forBuild = part.value === 'true';
      else makeDefault = part.value === 'true';
      continue;
    }
    const bytes = await part.toBuffer();
    if (!isLogoImageField(part.fieldname)) {
      invalid(part.fieldname, 'Extra field not permitted');
    } else if (part.file.truncated) {
      invalid(part.fieldname, IMAGE_TOO_LARGE);
    } else if (bytes.length > 0 || part.filename) {
      // A browser sends an empty, nameless file for a file input left empty: that counts as missing.
      const checked = checkImage(bytes);
      if (checked.ok) images[part.fieldname] = { bytes, type: checked.type };
      else invalid(part.fieldname, checked.reason);
    }
  }

  const named = new Set(issues.map((issue) => issue.loc[1]));
  for (const field of LOGO_IMAGE_FIELDS) {
    if (!images[field] && !named.has(field)) invalid(field, BOTH_LOGOS_MESSAGE);
  }
  if (issues.length > 0 || !images.image_le || !images.image_de) throw new ValidationFailedError(issues);
  return { images: { image_le: images.image_le, image_de: images.image_de }, makeDefault, forBuild };
}
