// The logo_id a form sends: new build_logo images are uploaded first (POST /client/account/logo, not made the
// account's default), then their logo set's id is used.

import { type LogoSet, uploadLogos } from '../../../custom/account/accountApi';
import type { HttpClient } from '../../../dataProvider/httpClient';
import { logoIdFor } from './formModes';
import type { BuildFormValues } from './types';

export async function resolveLogoId(
  http: HttpClient,
  values: Pick<BuildFormValues, 'logoSelect' | 'savedLogoID' | 'customLogoFiles'>,
  logos: readonly LogoSet[],
): Promise<number> {
  const { image_le, image_de } = values.customLogoFiles ?? { image_le: null, image_de: null };
  if (values.logoSelect === 'build_logo' && image_le && image_de) {
    const uploaded = await uploadLogos(http, {
      light: image_le,
      dark: image_de,
      makeDefault: false,
      forBuild: true,
    });
    return logoIdFor(values, logos, uploaded.id);
  }
  return logoIdFor(values, logos);
}
