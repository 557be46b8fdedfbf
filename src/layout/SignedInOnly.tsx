import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AppAuthProvider } from '../authProvider';
import { readToken } from '../authProvider/session';

/**
 * A visitor without a token never downloads the console: the wanted path is remembered (checkAuth) and the
 * browser goes to /login, as the shell's RequireSignIn would do once loaded.
 */
export const SignedInOnly = ({
  authProvider,
  children,
}: {
  authProvider: AppAuthProvider;
  children: ReactNode;
}) => {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = Boolean(readToken());
  const path = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (signedIn) return;
    authProvider.checkAuth({ path }).catch(() => {
      // Expected: checkAuth rejects for a visitor without a token, after remembering the path.
    });
    navigate('/login', { replace: true });
  }, [signedIn, path, authProvider, navigate]);
  return signedIn ? children : null;
};
