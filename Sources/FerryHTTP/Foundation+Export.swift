@_exported import class Dispatch.DispatchQueue
// The Foundation and Dispatch types FerryHTTP's API takes and returns: `import FerryHTTP` makes them visible,
// so a file that sends requests needs no other import for `URL(string:)`, a body's `Data`, a decoder or a
// completion queue. The rest of Foundation still takes `import Foundation`; a `URLSessionTransport`
// (FerryURLSession) configured with a `URLSessionConfiguration` on Linux also takes
// `import FoundationNetworking`.
@_exported import struct Foundation.Data
@_exported import struct Foundation.Date
@_exported import class Foundation.JSONDecoder
@_exported import class Foundation.JSONEncoder
@_exported import struct Foundation.URL
