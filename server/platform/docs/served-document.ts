import { createTestApp } from '../../test/helper';

/** The document GET /api/docs serves, from an app on a throw-away database, with the client's server URL. */
export async function servedDocument(appUrl = 'http://localhost:8080'): Promise<object> {
  const t = await createTestApp({ config: { appUrl } });
  try {
    return (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
  } finally {
    await t.close();
  }
}
