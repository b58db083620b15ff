import Foundation
import StateLintSyntax

/// Ctrl-C (SIGINT), SIGTERM or a closed terminal (SIGHUP) while `--fix` writes: the temporary
/// files it has beside the files it fixes are removed, then the process ends by the same
/// signal, as it would have without this (its parent sees the signal, a shell prints nothing).
///
/// A signal handler may call almost nothing (no locks, no allocation), so it only writes the
/// signal's number to a pipe; a thread waiting on the pipe does the work.
package enum FixInterrupts {
    private static let signals = [SIGINT, SIGTERM, SIGHUP]
    nonisolated(unsafe) private static var pipeInput: Int32 = -1
    private static let installed: Void = install()

    /// Installs the handlers, once per process.
    package static func installOnce() {
        _ = installed
    }

    private static func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        pipeInput = ends[1]
        let output = ends[0]
        let thread = Thread {
            var number: UInt8 = 0
            while read(output, &number, 1) < 0 && errno == EINTR {}
            FixTemporaryFiles.shared.removeAll()
            endBySignal(Int32(number))
        }
        thread.name = "statelint.fix.interrupts"
        thread.start()
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals {
            // A signal the parent had ignored (`nohup`) stays ignored.
            var previous = sigaction()
            guard sigaction(signal, nil, &previous) == 0, !isIgnored(previous) else { continue }
            var action = sigaction()
            action.signalHandler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signal, &action, nil)
            sigaddset(&mask, signal)
        }
        // A parent that blocked them (some test runners, some process supervisors) would
        // otherwise keep them pending until the run ends on its own.
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    /// Only async-signal-safe calls: `write` (errno kept for the interrupted code).
    private static let handler: @convention(c) (Int32) -> Void = { signal in
        let saved = errno
        var number = UInt8(truncatingIfNeeded: signal)
        _ = write(FixInterrupts.pipeInput, &number, 1)
        errno = saved
    }

    private static func endBySignal(_ signal: Int32) -> Never {
        var action = sigaction()
        action.signalHandler = SIG_DFL
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, signal)
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
        raise(signal)
        // Not reached unless the signal cannot end the process; the shell's convention.
        exit(128 + signal)
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        unsafeBitCast(action.signalHandler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}
