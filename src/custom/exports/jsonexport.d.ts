// jsonexport ships no types; jsonexportOnDemand.ts imports its browser build, called as `(data, [options], callback)`.
declare module 'jsonexport/dist/index' {
  const jsonExport: (data: unknown, ...optionsAndCallback: unknown[]) => void;
  export default jsonExport;
}
