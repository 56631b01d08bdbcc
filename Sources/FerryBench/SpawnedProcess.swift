import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A benchmark's child process, run whole: one place for spawning with the standard streams on `/dev/null`,
/// waiting through `EINTR`, and reading the wall time and peak memory.
enum SpawnedProcess {
    /// Runs `arguments` with its standard streams on `/dev/null`; the wall seconds from spawn to exit, the child's
    /// CPU seconds (user and system: steadier than the wall time on a loaded machine) and its peak resident memory.
    /// Throws when it does not exit 0.
    static func measured(_ arguments: [String]) throws -> (seconds: Double, cpuSeconds: Double, peakBytes: Int) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for target: Int32 in 0...2 {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw LaunchBenchError("could not start \(arguments[0]): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let wall = AppBench.seconds(ContinuousClock.now - start)
        guard status == 0 else { throw LaunchBenchError("\(arguments.joined(separator: " ")) exited with \(status)") }
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        return (wall, cpu, usage.ru_maxrss * 1024)
    }
}
