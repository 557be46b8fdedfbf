// The signed-in console is its own chunk: main.tsx registers how to load it, the sign-in form starts the
// download while the sign-in call runs.
let preload: (() => unknown) | undefined;

export function registerConsolePreload(load: () => unknown): void {
  preload = load;
}

export function preloadConsole(): void {
  preload?.();
}
