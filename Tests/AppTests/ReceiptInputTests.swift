@testable import App
import Domain
import Testing

/// A receipt's bytes decoded by the command line (`ReceiptInput.text(_:)`), before Domain's
/// parser reads the text: bytes that are not UTF-8 are refused with their first line, never
/// replaced by U+FFFD.
@Suite struct ReceiptInputTests {
    @Test func utf8IsReadAsTextAndAByteOrderMarkIsSkipped() throws {
        #expect(try ReceiptInput.text(Array("Brötchen 0,25\r\nSUMME 0,25\n".utf8)) == "Brötchen 0,25\r\nSUMME 0,25\n")
        #expect(try ReceiptInput.text([0xEF, 0xBB, 0xBF] + Array("Milch 1,00".utf8)) == "Milch 1,00")
        #expect(try ReceiptInput.text([]) == "")
    }

    /// The corpus's two files that are no text (once Fixtures/receipts' bad-binary and
    /// bad-latin1), and Latin-1 further down.
    @Test(arguments: [
        ([0x53, 0x55, 0x4D, 0x4D, 0x45, 0x20, 0x31, 0x2C, 0x30, 0x30, 0x00, 0x00, 0x00, 0x01, 0x02, 0x50,
          0x4E, 0x47, 0x89, 0x0D, 0x0A, 0x1A, 0x0A], 1),
        (Array("Br".utf8) + [0xF6] + Array("tchen 0,25\nSUMME 0,25\n".utf8), 1),
        (Array("Milch 1,00\n".utf8) + [0x4B, 0xE4, 0x73, 0x65, 0x0A] + Array("SUMME 1,00\n".utf8), 2),
        ([0xEF, 0xBB, 0xBF] + Array("Milch 1,00\r\nBrot 1,00\r\n".utf8) + [0xC3], 3),
    ] as [([UInt8], Int)])
    func bytesThatAreNotUTF8AreRefusedWithTheirLine(bytes: [UInt8], line: Int) {
        #expect(throws: ReceiptInput.NotText(line: line)) { try ReceiptInput.text(bytes) }
        #expect(ReceiptInput.NotText(line: line).description
            == "the receipt is not text (line \(line) has bytes that are not UTF-8 text); give the text of the receipt, not an image or a "
                + "PDF")
    }
}
