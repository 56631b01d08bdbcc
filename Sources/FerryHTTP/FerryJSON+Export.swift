// FerryJSON is part of FerryHTTP's API (``ResponseParser/json``, ``ResponseParser/json(options:using:)``,
// ``HTTPBody/json(_:)``): `import FerryHTTP` brings it in, so users need not add it to their imports.
@_exported import FerryJSON
