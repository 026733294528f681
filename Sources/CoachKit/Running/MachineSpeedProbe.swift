import Foundation

/// Times a fixed piece of work on one thread, so that timings taken on different days can be compared.
///
/// The same two-core machine has run the same build of the course between one and three times as slowly from
/// one day to the next with nothing else running, and nothing inside the machine tells the states apart (no
/// steal time is reported); compiling, the bulk of a verify, took twice the CPU time in its slow state. The
/// probe measures CPU time too, its thread's own, so other processes sharing the machine do not count: a
/// verify that prints it beside its phases says which state its figures were taken in.
public enum MachineSpeedProbe {
    /// The CPU time of the fixed work, the least of `rounds` runs: sorting 200,000 pseudo-random integers
    /// and gathering them in a set, code of the standard library, optimized whatever coach's own build.
    public static func measure(rounds: Int = 3) -> Duration {
        (0..<max(1, rounds)).map { _ in cpuTime(of: work) }.min()!
    }

    /// The fixed work; returns a value that depends on all of it, so that none of it can be left out.
    static func work() -> Int {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var numbers = [UInt64](repeating: 0, count: 200_000)
        for index in numbers.indices {
            // xorshift64: the same sequence on every machine.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            numbers[index] = state % 1_000_000
        }
        numbers.sort()
        return Set(numbers).count &+ Int(truncatingIfNeeded: numbers[numbers.count / 2])
    }

    /// The CPU time the current thread spent in `body`.
    static func cpuTime(of body: () -> Int) -> Duration {
        let start = threadCPUTime()
        let result = body()
        let end = threadCPUTime()
        withExtendedLifetime(result) {}
        return end - start
    }

    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
