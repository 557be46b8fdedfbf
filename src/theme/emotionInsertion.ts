// Stands in for `@emotion/use-insertion-effect-with-fallbacks` in the build (an alias in vite.config.ts): emotion
// inserts a component's styles while React renders it, as emotion does under React versions without
// `useInsertionEffect`, instead of in React's insertion effects (issue 14).
//
// Why: the console's renders at start are transitions, which React slices into tasks of ~5 ms, but a commit is
// one task. With insertion effects, stylis compiled and inserted every new rule of a commit inside it: the release
// rows' commit was a task of ~60 ms of this machine's CPU, ~240 ms under Lighthouse's 4× slowdown, emotion most of
// it. Inserted while rendering, the same work is spread over the render's slices. Measured against the package's
// own behaviour, interleaved, Lighthouse TBT medians of 4 rounds: /releases cold 560 → 389 ms, /firmwares cold
// 437 → 293 ms, /releases warm 752 → 498 ms (measured 2026-11-27, bench/HISTORY.md, session 19).
//
// What it changes otherwise: nothing a user sees. A rule is inserted once per class name (emotion's cache), its
// class is a hash of the styles, so a rule inserted by a render React discards matches no element and one
// inserted before its element is committed styles nothing else. One order changes: a parent's rules now come
// before its children's (insertion effects ran children first), as under React 17; the computed styles of every
// element of 13 pages at 1280 and 412 px were the same either way (bench/HISTORY.md, session 19). `<Global>` keeps
// React's insertion effect: its styles replace the ones before, which must wait for the commit.
import { useInsertionEffect } from 'react';

/** Runs `create` at once, during the render (emotion's own fallback, which also returns what it gives). */
export const useInsertionEffectAlwaysWithSyncFallback = <T>(create: () => T): T => create();

/** What emotion's `<Global>` uses (its sheet made, its rules flushed): React's insertion effect, unchanged. */
export const useInsertionEffectWithLayoutFallback = useInsertionEffect;
