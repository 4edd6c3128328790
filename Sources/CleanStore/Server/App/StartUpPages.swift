import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The code start-up ran once, let go of before serving (issue 31: peak RSS under 64 MB).
///
/// Pages of the binary and of the libraries it maps count in the server's RSS as soon as they are
/// touched, and stay counted while the kernel has memory to spare. Measured with
/// `scripts/measure-rss` at 100,000 orders (BENCHMARKS.md, "Issue 31: peak memory"): of a peak of
/// 76–77 MB, 46–50 MB were such file pages (the binary's own code 22–24 MB of its 36 MB), and
/// 49–51 MB were resident before the first request (the migrations, the argument parser, the
/// templates' compiling). So, once start-up is over, the server tells the kernel it no longer needs
/// its read-only file mappings (`madvise(MADV_DONTNEED)`): the pages stay in the page cache, and a
/// page the requests use comes back on its first use (a minor fault, no read from disk). Serving
/// touches most of them again (the kernel maps 64 KiB around each fault): side by side, the peak
/// was 62.0 MB with this and 64.4 MB without, the binary's resident code 20.6 MB against 24.2.
/// Only mappings no one ever wrote are let go of (read-only, no anonymous and no dirty page in
/// them): for those, dropping a page and reading it again are the same bytes.
public enum StartUpPages {
    /// One mapping of /proc/self/smaps: its address range, permissions, file, and the anonymous and
    /// private dirty KiB in it.
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var permissions: String
        var path: String
        var anonymousKiB = 0
        var privateDirtyKiB = 0

        /// Read-only, private, a file's, and nothing in it was ever written (a copy-on-write page
        /// would show as anonymous and dirty): dropping its pages loses nothing.
        var canBeDropped: Bool {
            (permissions == "r-xp" || permissions == "r--p") && path.hasPrefix("/") && anonymousKiB == 0 && privateDirtyKiB == 0
        }
    }

    /// The mappings in the text of a `smaps` file.
    static func mappings(smaps: String) -> [Mapping] {
        var result: [Mapping] = []
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first.hasSuffix(":") {
                guard !result.isEmpty, fields.count >= 2, let kib = Int(fields[1]) else { continue }
                switch first {
                case "Anonymous:": result[result.count - 1].anonymousKiB = kib
                case "Private_Dirty:": result[result.count - 1].privateDirtyKiB = kib
                default: break
                }
            } else {
                let range = first.split(separator: "-")
                guard range.count == 2, fields.count >= 5, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16)
                else { continue }
                let path = fields.count >= 6 ? fields[5...].joined(separator: " ") : ""
                result.append(Mapping(start: start, end: end, permissions: String(fields[1]), path: path))
            }
        }
        return result
    }

    /// Drops this process's pages of read-only file mappings never written (see above); returns the
    /// bytes of the mappings advised (0 where there is no /proc, or no Glibc).
    @discardableResult
    public static func release() -> Int {
        #if canImport(Glibc)
        guard let smaps = try? String(contentsOfFile: "/proc/self/smaps", encoding: .utf8) else { return 0 }
        var released = 0
        for mapping in mappings(smaps: smaps) where mapping.canBeDropped {
            let length = Int(mapping.end - mapping.start)
            guard let address = UnsafeMutableRawPointer(bitPattern: mapping.start),
                madvise(address, length, MADV_DONTNEED) == 0
            else { continue }
            released += length
        }
        return released
        #else
        return 0
        #endif
    }
}
