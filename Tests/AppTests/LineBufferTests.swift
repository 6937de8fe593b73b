@testable import Composition
import Testing

/// `grock rpc` reads its requests (and the command line its answers) as lines out of pieces of a pipe: the same lines whatever the
/// pieces, and a line past the maximum reported, never held.
@Suite struct LineBufferTests {
    typealias Line = LineBuffer.Line

    /// The lines of `input` given to a buffer `size` bytes at a time.
    func lines(of input: [UInt8], maximum: Int = 8, pieces size: Int) -> [Line] {
        var buffer = LineBuffer(maximum: maximum)
        var rest = input[...], lines: [Line] = []
        while !buffer.isFinished {
            if let line = buffer.next() {
                lines.append(line)
            } else {
                buffer.append(rest.isEmpty ? nil : Array(rest.prefix(size)))
                rest = rest.dropFirst(size)
            }
        }
        return lines
    }

    static let cases: [(input: String, lines: [Line])] = [
        ("", []),
        ("\n", [.text("")]),
        ("one\ntwo", [.text("one"), .text("two")]),
        ("one\n\ntwo\n", [.text("one"), .text(""), .text("two")]),
        ("12345678\n", [.text("12345678")]),
        ("123456789012\nshort\n", [.tooLong, .text("short")]),
        ("short\n1234567890123456789", [.text("short"), .tooLong]),
    ]

    @Test(arguments: 0..<cases.count)
    func theLinesAreTheSameWhereverThePiecesBreak(index: Int) {
        let (input, expected) = Self.cases[index]
        for size in 1...input.utf8.count + 1 {
            #expect(lines(of: Array(input.utf8), pieces: size) == expected, "pieces of \(size)")
        }
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        #expect(lines(of: [0x61, 0xFF, 0x0A], pieces: 1) == [.text("a\u{FFFD}")])
    }

    /// A long line given a byte at a time never makes the buffer keep more than the maximum and
    /// one piece.
    @Test func aLineTooLongIsDroppedAsItComes() {
        var buffer = LineBuffer(maximum: 4)
        for _ in 0..<1_000 {
            buffer.append([0x78])
            #expect(buffer.next() == nil)
            #expect(buffer.bytes.count <= 5)
        }
        buffer.append([0x0A])
        #expect(buffer.next() == .tooLong)
        #expect(buffer.next() == nil && !buffer.isFinished, "the input has not ended")
    }

    /// A piece of 100,000 short lines yields every one, and taking a line moves no byte: what
    /// was taken is dropped once, when the next piece comes, and only what was left of the last
    /// line moves then.
    @Test func aPieceOfManyShortLinesIsTakenWithoutMovingIt() {
        let piece = Array((String(repeating: "ab\n", count: 100_000) + "cd").utf8)
        var buffer = LineBuffer(maximum: 8)
        buffer.append(piece)
        var taken = 0, wrong = 0
        while let line = buffer.next() {
            taken += 1
            if line != .text("ab") { wrong += 1 }
        }
        #expect(taken == 100_000 && wrong == 0)
        #expect(buffer.bytes.count == piece.count && buffer.movedBytes == 0, "moved before the next piece")
        buffer.append(Array("e\n".utf8))
        #expect(buffer.movedBytes == 2 && buffer.bytes.count == 4, "\(buffer.movedBytes) bytes moved")
        #expect(buffer.next() == .text("cde"))
    }
}
