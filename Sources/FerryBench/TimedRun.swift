import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One finished process: wall seconds and peak resident bytes.
struct TimedRun {
    var wall: Double
    var peak: Double

    /// Starts `arguments` under `/usr/bin/time` with standard input, output and error on `/dev/null`,
    /// and waits. The peak comes from `time`, which forks from a small process: a child spawned from this
    /// one would count this process's memory in its `ru_maxrss` (taken before `exec`).
    init(_ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("ferry-peak-\(UUID())")
        defer { try? FileManager.default.removeItem(at: report) }
        let timed = ["/usr/bin/time", "-f", "%M", "-o", report.path] + arguments
        let argv = timed.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, timed[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw LaunchBenchError("could not start \(timed[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        wall = AppBench.seconds(ContinuousClock.now - start)
        let kilobytes = (try? String(contentsOf: report, encoding: .utf8)).flatMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard status == 0, let kilobytes else {
            throw LaunchBenchError("\(arguments.joined(separator: " ")) exited with status \(status)")
        }
        peak = kilobytes * 1024
    }
}
