import Composition
import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `grock receipt` gets a receipt's bytes: a file, standard input, or the text tesseract
/// reads from a photo. Whatever it is, it is read only when it is what it claims and no larger
/// than a receipt can be.
enum ReceiptInput {
    /// The most a receipt's text may take: a supermarket's longest is a few kilobytes.
    static let maximumBytes = 1 << 20

    /// The bytes of `path`, or of standard input for `-`.
    /// - Throws: `UsageError` for a directory, a device or pipe named as FILE (`/dev/zero`, a
    ///   FIFO: they may never end), a file larger than `maximumBytes`, one that cannot be read.
    static func contents(of path: String) throws -> [UInt8] {
        if path == "-" { return try readAll(STDIN_FILENO, name: "standard input") }
        let fd = try openRegularFile(path)
        defer { close(fd) }
        return try readAll(fd, name: Echo.quoted(path))
    }

    /// The text tesseract reads from a photo of a receipt (`tesseract PHOTO -`).
    /// - Throws: `CommandFailure` when tesseract is not on PATH or fails; `UsageError` for a
    ///   photo that is not a regular file.
    static func recognise(_ photo: String) throws -> [UInt8] {
        close(try openRegularFile(photo, checkingSize: false))
        guard let tesseract = Programs.path(of: "tesseract") else {
            throw CommandFailure(kind: .refused, description: "--image needs tesseract, which is not on PATH; install it, or give the receipt's text as FILE")
        }
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw CommandFailure(kind: .storage, description: "cannot run tesseract: \(String(cString: strerror(errno)))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        // tesseract's progress notes would interleave with Grock's own messages.
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let words: [String] = [tesseract, photo, "-"]
        let arguments = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        // One thread unless the user chose otherwise: on a machine with few cores tesseract's
        // threads mostly wait for each other (a receipt took 5.2 s with them, 0.75 s without).
        var environment: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = environ[index] {
            environment.append(entry)
            index += 1
        }
        let threadLimit = getenv("OMP_THREAD_LIMIT") == nil ? strdup("OMP_THREAD_LIMIT=1") : nil
        defer { free(threadLimit) }
        if let threadLimit { environment.append(threadLimit) }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, tesseract, &actions, nil, arguments + [nil], environment + [nil])
        close(pipeEnds[1])
        defer { close(pipeEnds[0]) }
        guard spawned == 0 else { throw CommandFailure(kind: .refused, description: "cannot run tesseract: \(String(cString: strerror(spawned)))") }
        let bytes = Result { try readAll(pipeEnds[0], name: "tesseract's output") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0, code = (status >> 8) & 0xFF
        guard exited && code == 0 else {
            throw CommandFailure(kind: .refused, description: "tesseract could not read \(Echo.quoted(photo)) (it ended with \(exited ? "exit code \(code)" : "a signal"))")
        }
        return try bytes.get()
    }

    /// `path` opened for reading when it is a regular file (links followed) within bounds.
    private static func openRegularFile(_ path: String, checkingSize: Bool = true) throws -> Int32 {
        // Non-blocking, so that opening a FIFO with no writer returns at once to be refused.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw UsageError("cannot read \(Echo.quoted(path)): \(String(cString: strerror(errno)))") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw UsageError("cannot read \(Echo.quoted(path)): \(String(cString: strerror(errno)))")
        }
        let problem: String? = switch info.st_mode & S_IFMT {
        case S_IFREG: checkingSize && Int64(info.st_size) > Int64(maximumBytes)
            ? "is \(info.st_size) bytes; a receipt's text is at most \(maximumBytes) (1 MiB)" : nil
        case S_IFDIR: "is a directory"
        default: "is not a regular file (a device, pipe or socket); give a file, or - to read standard input"
        }
        if let problem {
            close(fd)
            throw UsageError("cannot read \(Echo.quoted(path)): \(problem)")
        }
        return fd
    }

    /// Everything `fd` holds, refused past `maximumBytes`.
    private static func readAll(_ fd: Int32, name: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw UsageError("cannot read \(name): \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
            if bytes.count > maximumBytes { throw UsageError("cannot read \(name): it is more than \(maximumBytes) bytes (1 MiB), more than a receipt's text") }
        }
    }
}
