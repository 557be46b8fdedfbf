// Stands in for the `object.entries` shim in the build (an alias in vite.config.ts). node-polyglot, react-admin's
// translator, requires it for `Object.entries`, which every browser the console supports has; the shim brought a
// dozen ECMAScript-spec helper packages (get-intrinsic, call-bind, define-properties, object-keys…, ~33 KB of
// source) into the console's first chunk (issue 14).
module.exports = Object.entries;
