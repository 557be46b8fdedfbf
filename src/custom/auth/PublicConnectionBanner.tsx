import { useTranslate } from 'react-admin';
import { useConnectionDown } from '../../dataProvider/useConnectionDown';

/**
 * The public pages' banner while the server cannot be reached: a strip across the top of the page. It is part
 * of the first download (a chunk could not be fetched while the server is away), so it is a plain element.
 */
export const PublicConnectionBanner = () => {
  const translate = useTranslate();
  if (!useConnectionDown()) return null;
  return (
    <div role="alert" className="pub-banner">
      {translate('app.connection.lost')}
    </div>
  );
};
