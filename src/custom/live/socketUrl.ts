import { API_BASE } from '../../../contract/constants';
import { callOf } from '../../dataProvider/paths';

/**
 * The live socket's address (spec §7 WebSocket): /api/client/ws on this host. The spec puts the access token
 * in its query; we send it as the socket's first message instead (liveSocket.ts), since urls reach balancers'
 * access logs (issue 43).
 */
export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${API_BASE}${callOf('liveSocket').path}`;
}
