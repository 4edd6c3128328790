#if canImport(Glibc)
import Glibc
#endif

/// How many malloc arenas the server's threads share (issue 31: peak RSS under 64 MB).
///
/// glibc gives each new thread an arena of its own until there are 8 per core, and an arena keeps
/// the memory freed into it for its next allocations: the server's threads (NIO's event loops,
/// Swift's cooperative pool, GRDB's and Dispatch's queues) each held their own few MB. Measured with
/// `scripts/measure-rss` at 100,000 orders (BENCHMARKS.md, "Issue 31: peak memory"): 14–15 arenas
/// holding 22–23 MB and a peak of 77.5 MB with glibc's default, 70.5 MB with 2, 69.4 MB with 1 (in
/// another run, with the other changes: 62.0 MB with 2, 60.2 MB with 1), CPU per request within the
/// noise of a loaded machine. On the idle machine, glibc's and GRDB's defaults given back together
/// (BENCHMARKS.md, "the latest run") were about 10 % cheaper on reads in two quick rounds, within
/// the spread of the single-setting rounds beside them: what an arena limit costs is not settled.
/// So the server allows 2, one per core of the machine it was sized on: the two event loops need
/// not queue for one arena's lock for the last 1–2 MB. `MALLOC_ARENA_MAX` in the environment, which
/// glibc reads itself, wins: the server then sets nothing.
public enum MallocArenas {
    /// The arenas the server allows: 2, or nil when `MALLOC_ARENA_MAX` is set.
    public static func limit(environment: [String: String]) -> Int? {
        environment["MALLOC_ARENA_MAX"] == nil ? 2 : nil
    }

    /// Sets glibc's limit (`mallopt(M_ARENA_MAX, …)`), first thing at start-up, before the server
    /// starts its threads (glibc fixes its limit once 8 arenas exist). Returns the limit set, nil
    /// when none was (the environment's, or no glibc).
    @discardableResult
    public static func apply(environment: [String: String]) -> Int? {
        guard let count = limit(environment: environment) else { return nil }
        #if canImport(Glibc)
        // <malloc.h> is not in Swift's Glibc module: mallopt is looked up (RTLD_DEFAULT, glibc's
        // nil) and called with C's convention; M_ARENA_MAX is -8 there.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return nil }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        return mallopt(mArenaMax, Int32(count)) == 1 ? count : nil
        #else
        return nil
        #endif
    }

    /// `M_ARENA_MAX` of glibc's <malloc.h>.
    static let mArenaMax: Int32 = -8
}
