import { type ReactNode, useEffect } from 'react';
import { type AuthProvider, useAuthProvider } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { readToken } from '../authProvider/session';

/**
 * The guard of every login-only route (spec §2): a visitor without a token has the wanted path remembered, is
 * signed out silently and sent to /login. It replaces react-admin's `requireAuth`, whose LogoutOnMount re-runs
 * at every query-cache reset while react-router 7 still holds the old location in a transition, and so
 * navigates to /login hundreds of times (react-admin #10764, #10885). Outside <Admin> (src/RoutedPages.tsx, so a
 * visitor without a token never downloads the console) it is given the authProvider.
 */
export const RequireSignIn = ({
  children,
  ...given
}: {
  children: ReactNode;
  authProvider?: AuthProvider;
}) => {
  const fromContext = useAuthProvider();
  const authProvider = given.authProvider ?? fromContext;
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(readToken());
  const path = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (signedIn) return;
    authProvider?.checkAuth({ path }).catch(() => {
      // Expected: checkAuth rejects for a visitor without a token, after remembering the path.
    });
    navigate('/login', { replace: true });
  }, [signedIn, path, authProvider, navigate]);

  return signedIn ? children : null;
};
