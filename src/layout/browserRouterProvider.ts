// Stands in for ra-core's `routing/adapters/reactRouterProvider.js` in the build (an alias in vite.config.ts):
// the same router provider, without the router react-admin makes when it is not inside one (issue 14).
//
// Why: ra-core's default provider names `createHashRouter` and `RouterProvider` for that case, and with them
// react-router's data router (its loaders, actions, fetchers and their state machine): the larger part of
// react-router's chunk (~28 KB brotli, 78 % of it not run at load on 2026-11-27), which every signed-in first
// page fetched. The console always renders react-admin inside its own `BrowserRouter` (src/RoutedPages.tsx),
// so that router is never made. Outside a router this provider says so instead of making one. Blocking
// (`useBlocker`) needs a data router, which the console has none of: `useCanBlock` says false, so
// react-admin's forms never call it; a form that asks before it is left uses useNavigationBlocker.ts.
import { createElement, Fragment, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import {
  Link,
  matchPath,
  Navigate,
  Outlet,
  Route,
  Routes,
  UNSAFE_DataRouterContext,
  UNSAFE_DataRouterStateContext,
  useInRouterContext,
  useLocation,
  useMatch,
  useParams,
  useNavigate as useReactRouterNavigate,
} from 'react-router-dom';

/** Blocking needs a data router (react-router's `useBlocker`); the console renders inside a `BrowserRouter`. */
const useCanBlock = () => {
  const router = useContext(UNSAFE_DataRouterContext);
  const state = useContext(UNSAFE_DataRouterStateContext);
  return Boolean(router && state);
};

/** What react-admin's forms would call only where `useCanBlock` says true. */
const useBlocker = (): never => {
  throw new Error('Navigation blocking needs a data router; the console renders inside a BrowserRouter');
};

/** react-router's `useNavigate` as one stable function (ra-core's own wrapper: no re-render on every navigation). */
const useNavigate = () => {
  const navigate = useReactRouterNavigate();
  const navigateRef = useRef(navigate);
  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);
  return useCallback((...args: Parameters<typeof navigate>) => navigateRef.current(...args), []);
};

/** Renders its children inside the router already there; react-admin is never rendered outside one here. */
const RouterWrapper = ({ children }: { basename?: string; children: ReactNode }) => {
  if (!useInRouterContext())
    throw new Error('react-admin must be rendered inside the console’s BrowserRouter');
  return createElement(Fragment, null, children);
};

export const reactRouterProvider = {
  useNavigate,
  useLocation,
  useParams,
  useBlocker,
  useMatch,
  useInRouterContext,
  useCanBlock,
  Link,
  Navigate,
  Route,
  Routes,
  Outlet,
  RouterWrapper,
  matchPath,
};
