#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// tesseract, the OCR engine that reads a photographed receipt (`grock receipt --image`), run
/// through `ProcessRunner` as `tesseract PHOTO -`: its text on standard output, bounded in time
/// and size. What a front says about each failure is the front's.
public enum Tesseract {
    /// The most tesseract may take over one photo, in milliseconds: a receipt takes about a second.
    public static let timeout = 120_000

    /// Why tesseract gave no text.
    public enum Failure: Error, Sendable, Equatable {
        /// tesseract is not on `PATH`.
        case notInstalled
        /// It could not be started: the reason (`strerror`).
        case notStarted(String)
        /// It ran past `timeout` and was stopped.
        case timedOut
        /// It wrote more than the caller's `maximumBytes` and was stopped.
        case tooMuchOutput
        /// It ended with this exit code, or by a signal (nil), without text; `reason` is the last
        /// line of its errors, when it wrote one.
        case failed(exitCode: Int32?, reason: String?)
    }

    /// The text tesseract reads from the image file `photo`.
    /// - Parameter maximumBytes: the most text to take: past it tesseract is stopped.
    /// - Throws: `Failure` when it is missing, cannot start, takes too long, writes too much or fails.
    public static func text(of photo: String, maximumBytes: Int) throws(Failure) -> [UInt8] {
        guard let tesseract = Programs.path(of: "tesseract") else { throw .notInstalled }
        // One thread unless the user chose otherwise: on a machine with few cores tesseract's
        // threads mostly wait for each other (a receipt took 5.2 s with them, 0.75 s without).
        // Its progress notes, on stderr, are read and dropped: they would interleave with the
        // front's own messages.
        let threadLimit = getenv("OMP_THREAD_LIMIT") == nil ? ["OMP_THREAD_LIMIT=1"] : []
        let outcome: ProcessRunner.Outcome
        do {
            outcome = try ProcessRunner.run(tesseract, arguments(reading: photo), addedEnvironment: threadLimit, timeout: timeout,
                                            maximumBytes: maximumBytes)
        } catch {
            switch error {
            case .notStarted(let reason): throw .notStarted(reason)
            case .timedOut: throw .timedOut
            case .tooMuchOutput: throw .tooMuchOutput
            // Grock lost sight of it (poll failed) and killed it: a signal ended it.
            case .unwatchable(let reason): throw .failed(exitCode: nil, reason: reason)
            }
        }
        guard outcome.exitCode == 0 else {
            let reason = String(decoding: outcome.errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init)
            throw .failed(exitCode: outcome.exitCode, reason: reason)
        }
        return outcome.output
    }

    /// tesseract's words for reading `photo` to standard output: a photo whose path starts
    /// with `-` is named `./-…`, which tesseract cannot take for an option.
    static func arguments(reading photo: String) -> [String] { [photo.hasPrefix("-") ? "./" + photo : photo, "-"] }
}
