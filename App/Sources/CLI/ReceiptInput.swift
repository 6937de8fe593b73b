import Adapters
import Composition
import Domain
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where `grock receipt` gets a receipt's bytes: a file, standard input, or the text tesseract
/// reads from a photo. Whatever it is, it is read only when it is what it claims and no larger
/// than a receipt can be, and decoded here: Domain's parser takes text.
enum ReceiptInput {
    /// The most a receipt's text may take: a supermarket's longest is a few kilobytes.
    static let maximumBytes = 1 << 20

    /// Bytes that are not UTF-8 text (an image, a PDF, a Latin-1 file); `line` is the first line
    /// where they are. Refused here, where bytes are read: Domain's parser takes text.
    struct NotText: ClassifiedError, Equatable, CustomStringConvertible {
        let line: Int

        /// Input to fix: exit code 2, without the usage hint (the command line was right).
        var kind: ErrorKind { .invalidInput }

        var description: String {
            "the receipt is not text (line \(line) has bytes that are not UTF-8 text); give the text of the receipt, not an image or a PDF"
        }
    }

    /// The text of a receipt's bytes: UTF-8, a byte order mark skipped.
    /// - Throws: `NotText` naming the first line with bytes that are not UTF-8: they are
    ///   refused, never replaced by U+FFFD.
    static func text(_ bytes: [UInt8]) throws(NotText) -> String {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let text = String(validating: body, as: UTF8.self) { return text }
        // No UTF-8 sequence holds a line feed, so the first line that is not UTF-8 is the one.
        var number = 1
        for line in body.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if String(validating: line, as: UTF8.self) == nil { break }
            number += 1
        }
        throw NotText(line: number)
    }

    /// The bytes of `path`, or of standard input for `-`.
    /// - Throws: `UsageError` for a directory, a device or pipe named as FILE (`/dev/zero`, a
    ///   FIFO: they may never end), a file larger than `maximumBytes`, one that cannot be read.
    static func contents(of path: String) throws -> [UInt8] {
        if path == "-" { return try readAll(.standardInput, name: "standard input") }
        let fd = try openRegularFile(path)
        defer { close(fd) }
        return try readAll(InputDescriptor(fd), name: Echo.quoted(path))
    }

    /// The text tesseract reads from a photo of a receipt (`Tesseract`, stopped after its
    /// `timeout` or past `maximumBytes`).
    /// - Throws: `CommandFailure` when tesseract is not on PATH, fails or takes too long;
    ///   `UsageError` for a photo that is not a regular file, or text longer than `maximumBytes`.
    static func recognise(_ photo: String) throws -> [UInt8] {
        close(try openRegularFile(photo, checkingSize: false))
        do {
            return try Tesseract.text(of: photo, maximumBytes: maximumBytes)
        } catch {
            switch error {
            case .notInstalled:
                throw CommandFailure(kind: .refused,
                                     description: "--image needs tesseract, which is not on PATH; install it, "
                                                      + "or give the receipt's text as FILE")
            case .tooMuchOutput:
                throw UsageError("cannot read tesseract's output: it is more than \(maximumBytes) bytes (1 MiB), "
                                     + "more than a receipt's text")
            case .timedOut:
                let seconds = Tesseract.timeout / 1000
                throw CommandFailure(kind: .refused,
                                     description: "tesseract could not read \(Echo.quoted(photo)) (it took more than \(seconds) seconds "
                                                      + "and was stopped)")
            case .notStarted(let reason):
                throw CommandFailure(kind: .refused, description: "cannot run tesseract: \(reason)")
            case .failed(let exitCode, let reason):
                let ending = exitCode.map { "exit code \($0)" } ?? "a signal"
                throw CommandFailure(kind: .refused, description: "tesseract could not read \(Echo.quoted(photo)) (it ended with \(ending)"
                                     + (reason.map { ": \(Echo.quoted($0))" } ?? "") + ")")
            }
        }
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

    /// Everything `input` holds (Composition's one reader of a descriptor), refused past
    /// `maximumBytes`.
    private static func readAll(_ input: InputDescriptor, name: String) throws -> [UInt8] {
        do {
            return try input.readAll(maximum: maximumBytes)
        } catch {
            switch error {
            case .unreadable(let reason): throw UsageError("cannot read \(name): \(reason)")
            case .tooLarge:
                throw UsageError("cannot read \(name): it is more than \(maximumBytes) bytes (1 MiB), more than a receipt's text")
            }
        }
    }
}
