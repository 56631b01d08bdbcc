import CCurl
import Foundation

// The floor plus the Foundation a send used to touch: a URL, a file read, a `Codable` decode (its conformance
// scans) and a formatted date (ICU and the time zone), then the transfer.
struct Records: Codable { var ids: [String: String] }
let file = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("ids.json")
let data = (try? Data(contentsOf: file)) ?? Data(#"{"ids":{}}"#.utf8)
let records = try? JSONDecoder().decode(Records.self, from: data)
let stamp = ISO8601DateFormatter().string(from: Date())
_ = curl_global_init(ferry_curl_global_default())
let handle = curl_easy_init()
_ = ferry_easy_setopt_string(handle, CURLOPT_URL, CommandLine.arguments[1])
let ok = curl_easy_perform(handle) == CURLE_OK && !stamp.isEmpty && records != nil
exit(ok ? 0 : 1)
