import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files that only their owner may read (mode 0600): the SQLite database and the card key.
///
/// Written with POSIX calls by hand because Foundation has no way to create a file with its mode
/// at once (`FileManager.createFile(…, attributes:)` writes, then sets the mode: for a moment the
/// file is readable by all), and no exclusive create (a file made meanwhile must not be overwritten).
enum OwnerOnlyFile {
    /// Creates a new file at `path`, mode 0600, holding `contents`, flushed to disk. Fails when a
    /// file is already there.
    static func create(atPath path: String, contents: Data = Data()) throws(OrdersStoreError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .unavailable("Cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = contents.withUnsafeBytes { buffer in
            buffer.isEmpty ? 0 : write(descriptor, buffer.baseAddress, buffer.count)
        }
        guard written == contents.count, fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw .unavailable("Cannot write \(path): \(reason)")
        }
    }

    /// Whether anyone but the owner may read or write the file at `path`.
    static func isOpenToOthers(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & 0o077 != 0
    }
}

/// Which file a path names, as the file system knows it (device and inode): a file deleted or
/// replaced under a path shows as another identity, or none.
struct FileIdentity: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the file at `path`, or nil when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
