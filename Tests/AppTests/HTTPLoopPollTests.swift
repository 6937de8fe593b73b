import Glibc
@testable import Web
import Testing

/// What `grock serve`'s loop does with each answer `poll` gives: goes on, calls it again, or
/// stops with the errno named (a failure that cannot be made to happen on a live socket).
@Suite struct HTTPLoopPollTests {
    @Test func aPollThatLookedGoesOn() throws {
        #expect(try HTTPLoop.pollFinished(0, error: 0))
        #expect(try HTTPLoop.pollFinished(3, error: EINTR))
    }

    @Test func aPollInterruptedByASignalIsCalledAgain() throws {
        #expect(try HTTPLoop.pollFinished(-1, error: EINTR) == false)
    }

    @Test(arguments: [EINVAL, ENOMEM, EFAULT])
    func anyOtherFailureStopsTheLoopNamingItsErrno(_ code: Int32) {
        let error = #expect(throws: WebError.self) { _ = try HTTPLoop.pollFinished(-1, error: code) }
        #expect(error?.description == "cannot wait for connections: poll failed with errno \(code) (\(String(cString: strerror(code))))")
    }
}
