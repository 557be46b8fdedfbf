import { API_BASE } from '../../../contract/constants';
import { callOf } from '../../dataProvider/paths';

/** The live socket's address (spec §7 WebSocket): /api/client/ws on this host, the access token as `token`. */
export function liveSocketUrl(
  token: string,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_BASE}${callOf('liveSocket').path}?token=${encodeURIComponent(token)}`;
}
