import Foundation
@testable import RPC
import Testing

/// What every shape of JSON becomes as a `JSONValue`, and how it is written back: the table
/// pins the order `JSONValue.init(from:)` tries the types in, and what Foundation's decoder
/// answers for each (a whole number, a fraction, a number past 64 bits). Each text is read on
/// its own, the decoder's top-level path, and inside an array and an object, its nested one.
@MainActor @Suite struct JSONValueTests {
    /// A JSON text, what it reads as, and how that is written back.
    struct Shape: CustomTestStringConvertible, Sendable {
        let text: String
        let value: JSONValue
        let written: String
        var testDescription: String { text }

        init(_ text: String, _ value: JSONValue, written: String? = nil) {
            self.text = text
            self.value = value
            self.written = written ?? text
        }
    }

    nonisolated static let shapes: [Shape] = [
        Shape("null", .null),
        Shape("true", .bool(true)),
        Shape("false", .bool(false)),
        // A boolean is never a number, nor a number a boolean.
        Shape("1", .integer(1)),
        Shape("0", .integer(0)),
        Shape("-0", .integer(0), written: "0"),
        Shape("1.0", .integer(1), written: "1"),
        Shape("1.5", .number(1.5)),
        Shape("-0.0", .integer(0), written: "0"),
        Shape("1e2", .integer(100), written: "100"),
        Shape("1e300", .number(1e300), written: "1e+300"),
        // Whole numbers are exact to the ends of 64 bits, and the nearest Double past them.
        Shape("9007199254740993", .integer(9_007_199_254_740_993)),
        Shape("9223372036854775807", .integer(.max)),
        Shape("-9223372036854775808", .integer(.min)),
        Shape("9223372036854775808", .number(0x1p63), written: "9.223372036854776e+18"),
        Shape("-9223372036854775809", .number(-0x1p63), written: "-9.223372036854776e+18"),
        Shape(#""1""#, .string("1")),
        Shape(#""true""#, .string("true")),
        Shape(#""a\/b\u00e9""#, .string("a/bé"), written: #""a/bé""#),
        Shape("[]", .array([])),
        Shape(#"[1,"a",null,[true]]"#, .array([.integer(1), .string("a"), .null, .array([.bool(true)])])),
        // Foundation's decoder lets a trailing comma by.
        Shape("[1,]", .array([.integer(1)]), written: "[1]"),
        Shape("{}", .object([:])),
        Shape(#"{"b":{"c":[1.5]},"a":false}"#, .object(["a": .bool(false), "b": .object(["c": .array([.number(1.5)])])]),
              written: #"{"a":false,"b":{"c":[1.5]}}"#),
        // A key sent twice keeps its first value: the decoder drops the others unseen (docs/RPC.md).
        Shape(#"{"cart":"Weekly","cart":"x"}"#, .object(["cart": .string("Weekly")]), written: #"{"cart":"Weekly"}"#),
    ]

    @Test(arguments: shapes)
    func eachShapeReadsAsOneValueAndIsWrittenBack(_ shape: Shape) throws {
        #expect(try Self.read(shape.text) == shape.value)
        #expect(try Self.read("[\(shape.text)]") == .array([shape.value]))
        #expect(try Self.read(#"{"v":\#(shape.text)}"#) == .object(["v": shape.value]))
        #expect(try RPCServer.line(shape.value) == shape.written)
    }

    /// Text that is no JSON, or a number no `Double` holds, is refused, never read as another value.
    @Test(arguments: ["tru", "1e400", "-1e400", "01", "[,1]", #"{"a"}"#, "'a'", "NaN"])
    func whatIsNotJSONIsRefused(_ text: String) {
        #expect(throws: (any Error).self) { try Self.read(text) }
        #expect(throws: (any Error).self) { try Self.read("[\(text)]") }
    }

    private static func read(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}
