// react-admin mounts the whole console afresh when the language changes (I18nContextProvider's key), which
// would close the settings popover the language was picked in: it asks here to be opened again after that.
let askedAt = 0;
const WITHIN_MS = 5_000;

export const keepSettingsOpen = (): void => {
  askedAt = Date.now();
};

/** Whether the popover should open again now: asked a moment ago, and only once. */
export const settingsKeptOpen = (): boolean => {
  const kept = Date.now() - askedAt < WITHIN_MS;
  askedAt = 0;
  return kept;
};
