import Foundation
import Synchronization

/// One thread that drives every transfer of a ``CurlTransport`` through one libcurl multi handle.
///
/// Other threads never touch libcurl: they post commands to the inbox and call `curl_multi_wakeup`,
/// which is the one multi call libcurl allows from another thread. The wakeup happens after the inbox
/// lock is released (so the woken loop does not block on it), counted in `wakersInFlight`; the loop
/// marks itself closing and waits for that count to drop to zero before freeing the multi handle, so a
/// late wakeup can never reach a freed handle.
final class CurlEventLoop: @unchecked Sendable {
    private struct Inbox {
        var starts: [CurlTransfer] = []
        var cancels: [CurlTransfer] = []
        var resumes: [CurlTransfer] = []
        /// Jobs of tasks that prefer the transport's executor (`CurlTransport.taskExecutor`), run on the loop's thread.
        var jobs: [UnownedJob] = []
        var isStopping = false
        var isStopped = false

        /// Whether the command just added is the only one waiting: then its sender wakes the loop, and the
        /// senders of later ones need not (the loop takes every command at once, and a wakeup stays
        /// pending until its poll).
        var needsWakeup: Bool { starts.count + cancels.count + resumes.count + jobs.count == 1 }

        /// Whether a command or a job waits for the loop's next turn.
        var hasWork: Bool { !starts.isEmpty || !cancels.isEmpty || !resumes.isEmpty || !jobs.isEmpty }
    }

    private let multi: CurlMulti
    private let inbox = Locked(Inbox())
    private let finished = DispatchSemaphore(value: 0)
    /// The loop's thread while it runs (not kept by `self`, so the thread can release the loop at its end).
    private let loopThread = Locked<Thread?>(nil)
    private let activeTransfers = Atomic<Int>(0)
    /// Senders between deciding to wake the loop and returning from `curl_multi_wakeup`.
    private let wakersInFlight = Atomic<Int>(0)
    /// Set before the multi handle is freed; a waker that sees it does not touch the handle.
    private let isClosing = Atomic<Bool>(false)
    private let createdHandles = Atomic<Int>(0)
    /// The loop thread's `pthread_t` while it runs (0 before): a command from the loop's own thread needs no
    /// wakeup, since the loop looks at its inbox before it polls.
    private let loopThreadID = Atomic<UInt>(0)
    /// The executor the loop runs its jobs as (the transport's `CurlTaskExecutor`), kept while the loop lives.
    private let executor: any TaskExecutor

    // Loop-confined.
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var spareHandles: [CurlEasy] = []
    private let maxSpareHandles = 64

    /// A loop that runs the jobs it is given (``enqueue(_:)``) as `executor`.
    init?(executor: any TaskExecutor) {
        guard let multi = CurlMulti() else { return nil }
        self.multi = multi
        self.executor = executor
        let thread = Thread { [self] in run() }
        thread.name = "FerryHTTP.curl"
        loopThread.withLock { $0 = thread }
        thread.start()
    }

    // MARK: - Commands (any thread)

    /// Queues `transfer` to start; fails it with `.canceled` if the loop has stopped.
    func submit(_ transfer: CurlTransfer) {
        let accepted = inbox.withLock { inbox -> Bool? in
            guard !inbox.isStopping else { return nil }
            inbox.starts.append(transfer)
            return inbox.needsWakeup
        }
        guard let wakes = accepted else { return transfer.fail(.canceled) }
        if wakes, !isOnLoopThread { wake() }
    }

    /// Queues the removal of `transfer` from the multi handle.
    func cancel(_ transfer: CurlTransfer) {
        let wakes = inbox.withLock { inbox -> Bool in
            guard !inbox.isStopped else { return false }
            inbox.cancels.append(transfer)
            return inbox.needsWakeup
        }
        if wakes, !isOnLoopThread { wake() }
    }

    /// Queues continuing `transfer`, paused because its streamed body's reader was behind.
    func resume(_ transfer: CurlTransfer) {
        let wakes = inbox.withLock { inbox -> Bool in
            guard !inbox.isStopped else { return false }
            inbox.resumes.append(transfer)
            return inbox.needsWakeup
        }
        if wakes, !isOnLoopThread { wake() }
    }

    /// Runs `job` on the loop's thread at its next turn, or on the global concurrent executor once the loop is
    /// stopping (a task's job must run somewhere).
    func enqueue(_ job: UnownedJob) {
        let wakes = inbox.withLock { inbox -> Bool? in
            guard !inbox.isStopping else { return nil }
            inbox.jobs.append(job)
            return inbox.needsWakeup
        }
        guard let wakes else { return globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        if wakes, !isOnLoopThread { wake() }
    }

    /// Whether the caller runs on the loop's thread.
    var isOnLoopThread: Bool { loopThreadID.load(ordering: .relaxed) == UInt(pthread_self()) }

    /// Cancels every transfer, ends the thread and frees libcurl's handles; with `wait`, returns only once
    /// that is done (never waits when called on the loop itself).
    func stop(wait: Bool = true) {
        let shouldWait = inbox.withLock { inbox -> Bool in
            guard !inbox.isStopping else { return false }
            inbox.isStopping = true
            return true
        }
        if shouldWait { wake() }
        let onLoop = loopThread.withLock { $0 === Thread.current }
        if wait && shouldWait && !onLoop { finished.wait() }
    }

    /// How many transfers are on the multi handle, as of the loop's last turn.
    var activeCount: Int { activeTransfers.load(ordering: .relaxed) }

    /// How many easy handles this loop has made; the rest of its transfers ran on recycled ones.
    var handlesCreated: Int { createdHandles.load(ordering: .relaxed) }

    /// Interrupts the loop's poll, unless the multi handle is being freed (then the loop is past polling).
    private func wake() {
        wakersInFlight.add(1, ordering: .sequentiallyConsistent)
        if !isClosing.load(ordering: .sequentiallyConsistent) { multi.wakeup() }
        wakersInFlight.subtract(1, ordering: .sequentiallyConsistent)
    }

    // MARK: - The loop

    private func run() {
        // The commands of one turn, swapped with the inbox's arrays so that both keep their capacity (no
        // allocation per command).
        var taken = (
            starts: [CurlTransfer](), cancels: [CurlTransfer](), resumes: [CurlTransfer](), jobs: [UnownedJob]()
        )
        loopThreadID.store(UInt(pthread_self()), ordering: .relaxed)
        let runsAs = executor.asUnownedTaskExecutor()
        while true {
            // A task's job first: the transfer it starts begins in the same turn.
            let hasJobs = inbox.withLock { inbox in
                swap(&inbox.jobs, &taken.jobs)
                return !taken.jobs.isEmpty
            }
            if hasJobs {
                for job in taken.jobs { job.runSynchronously(on: runsAs) }
                taken.jobs.removeAll(keepingCapacity: true)
            }
            let stopping = inbox.withLock { inbox in
                swap(&inbox.starts, &taken.starts)
                swap(&inbox.cancels, &taken.cancels)
                swap(&inbox.resumes, &taken.resumes)
                return inbox.isStopping
            }
            for transfer in taken.starts { begin(transfer) }
            for transfer in taken.cancels { remove(transfer, reason: .canceled) }
            for transfer in taken.resumes {
                if let easy = transfer.easy, active[easy.handle] != nil { easy.resume() }
            }
            taken.starts.removeAll(keepingCapacity: true)
            taken.cancels.removeAll(keepingCapacity: true)
            taken.resumes.removeAll(keepingCapacity: true)
            if stopping { break }
            multi.perform()
            while let (handle, code) = multi.nextFinished() {
                guard let transfer = active.removeValue(forKey: handle), let easy = transfer.easy else { continue }
                // Delivered first, so the caller's next request overlaps the clean-up.
                transfer.finish(code: code, info: easy.info(failed: code != 0))
                multi.remove(easy)
                recycle(easy, from: transfer, keepingOptions: code == 0)
            }
            activeTransfers.store(active.count, ordering: .relaxed)
            // What this thread queued during the turn (a completion's job, a job's send) woke no one: look first.
            if !inbox.withLock({ $0.hasWork }) { multi.poll(milliseconds: 1000) }
        }
        shutDown()
    }

    private func begin(_ transfer: CurlTransfer) {
        guard !transfer.isCanceled else { return transfer.fail(.canceled) }
        guard let easy = spareHandles.popLast() ?? makeHandle() else {
            return transfer.fail(.transport(code: 0, detail: "libcurl could not create a handle"))
        }
        if let failure = transfer.prepare(on: easy) {
            recycle(easy, from: transfer)
            return transfer.fail(failure)
        }
        guard multi.add(easy) else {
            recycle(easy, from: transfer)
            return transfer.fail(.transport(code: 0, detail: "libcurl refused the transfer"))
        }
        active[easy.handle] = transfer
    }

    /// Takes a transfer off the multi handle (no more bytes flow) and fails it.
    private func remove(_ transfer: CurlTransfer, reason: HTTPClientError.Reason) {
        guard let easy = transfer.easy, active.removeValue(forKey: easy.handle) != nil else { return }
        multi.remove(easy)
        transfer.fail(reason)
        recycle(easy, from: transfer)
    }

    private func makeHandle() -> CurlEasy? {
        createdHandles.add(1, ordering: .relaxed)
        return CurlEasy()
    }

    /// Keeps `easy` for a later transfer: with `keepingOptions` (its transfer ended normally) its options stay
    /// for ``CurlEasy/configure(_:for:)`` to reuse, otherwise they are reset. Either way the cookies of its
    /// transfer go (libcurl's cookie engine, which `curl_easy_reset` keeps, is emptied and turned off).
    private func recycle(_ easy: CurlEasy, from transfer: CurlTransfer, keepingOptions: Bool = false) {
        transfer.easy = nil
        easy.endCookieEngine()
        if !keepingOptions { easy.reset() }
        if spareHandles.count < maxSpareHandles { spareHandles.append(easy) }
    }

    private func shutDown() {
        for transfer in Array(active.values) { remove(transfer, reason: .canceled) }
        spareHandles = []
        let (late, jobs) = inbox.withLock { inbox in
            inbox.isStopped = true
            defer { (inbox.starts, inbox.jobs) = ([], []) }
            return (inbox.starts, inbox.jobs)
        }
        // The jobs of tasks that still prefer this loop's executor run on the global one from now on.
        for job in jobs { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        // A waker either sees `isClosing` and stays away, or is counted before this store and is waited
        // for (both sides use sequentially consistent order). Freeing the handle here, not when the loop
        // object goes, closes the idle kept-alive connections at shutdown.
        isClosing.store(true, ordering: .sequentiallyConsistent)
        while wakersInFlight.load(ordering: .sequentiallyConsistent) > 0 { sched_yield() }
        multi.close()
        for transfer in late { transfer.fail(.canceled) }
        activeTransfers.store(0, ordering: .relaxed)
        loopThread.withLock { $0 = nil }
        finished.signal()
    }
}
