import FerryHTTP
import Foundation

/// The contracts `# @contract` directives named, read once per file version: a request sent again, or a run
/// of many requests naming the same file, parses it once (a changed file, by size or modification time, is read
/// again).
enum ContractFiles {
    private struct Entry {
        var size: Int
        var modified: Date?
        var contract: APIContract
    }

    private static let entries = Locked<[String: Entry]>([:])

    /// The contract at `url` (named `name` in messages), from the cache while the file is unchanged.
    static func contract(at url: URL, named name: String) throws(ContractError) -> APIContract {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
        let size = attributes?[.size] as? Int ?? -1
        let modified = attributes?[.modificationDate] as? Date
        if let entry = entries.withLock({ $0[url.path] }), entry.size == size, entry.modified == modified {
            return entry.contract
        }
        let contract = try APIContract.load(url, fileName: name)
        entries.withLock { $0[url.path] = Entry(size: size, modified: modified, contract: contract) }
        return contract
    }
}
