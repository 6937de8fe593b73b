import Foundation
import TestSupport
import Testing

/// `grock receipt` through the real binary: a trip logged from a receipt, then what it refuses
/// and what it will not read.
@Suite(.serialized) struct ReceiptJourneyTests {
    /// Aldi (5.48) on 5 March at 17:30.
    static let aldi = SampleReceipts.aldi(printed: "05.03.2026 17:30")
    /// Three days after the stocked prices were seen, half an hour after the receipt.
    static let evening = ["GROCK_NOW": "2026-03-05T18:00:00+01:00"]

    func file(_ grock: Grock, _ name: String, _ text: String) throws -> String {
        let path = grock.home.path + "/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func ok(_ grock: Grock, _ arguments: [String]) throws -> String {
        let result = try grock.run(arguments: arguments, extra: Self.evening)
        #expect(result.status == 0, "grock \(arguments): \(result.stderr)")
        return result.stdout
    }

    func export(_ grock: Grock) throws -> String { try ok(grock, ["--json", "export", "--format", "json"]) }

    @Test func aReceiptLogsTheTripAndTheVaultHistoryAndInsightsShowIt() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        let receipt = try file(grock, "aldi.txt", Self.aldi)
        let logged = try ok(grock, ["receipt", "Weekly", receipt, "--yes"])
        #expect(logged.contains("Logged 4 lines of Aldi on cart Weekly: 5.48 EUR"), "\(logged)")
        #expect(logged.contains("Learned 2 receipt names at Aldi."))
        #expect(try ok(grock, ["trip", "finish", "Weekly"]).contains("spent 5.48 of 20.00 EUR"))
        let milk = try ok(grock, ["item", "show", "Milk"])
        #expect(milk.contains("0.89/each") && milk.contains("2026-03-05"), "\(milk)")
        #expect(try ok(grock, ["item", "history", "Milk"]).contains("2026-03-05  Aldi  0.89/each  paid"))
        #expect(try ok(grock, ["history"]).contains("2026-03-05  Weekly  5.48"))
        #expect(try ok(grock, ["insights"]).contains("Total           5.48  on 1 trip"))

        // The next receipt from Aldi: its names are known now.
        let next = try file(grock, "aldi-2.txt", Self.aldi.replacingOccurrences(of: "05.03.2026", with: "04.03.2026"))
        let review = try JSONSerialization.jsonObject(with: Data(try ok(grock, ["--json", "receipt", next]).utf8)) as? [String: Any]
        let verdicts = (review?["lines"] as? [[String: Any]])?.compactMap { $0["verdict"] as? String }
        #expect(verdicts?.prefix(2) == ["alias", "alias"])
        #expect(review?["outcome"] == nil, "without --yes it only reviews")
        let trip = try ok(grock, ["receipt", next, "--yes"])
        #expect(trip.contains("Logged 4 lines of Aldi on a trip of 2026-03-04: 5.48 EUR"), "\(trip)")
        // An older receipt than the vault's price: the vault keeps the newer one.
        #expect(try ok(grock, ["item", "show", "Milk"]).contains("2026-03-05"))
        #expect(try ok(grock, ["undo"]).contains("logged receipt of Aldi, 4 lines"))
    }

    @Test func receiptsThatCannotBeLoggedChangeNothing() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        let before = try export(grock)
        let cases: [(name: String, text: String, code: Int32, message: String)] = [
            ("empty.txt", "  \n\n", 2, "grock: the receipt is empty"),
            ("binary.txt", "ALDI\n\u{0}\u{1}PNG\n", 2, "grock: the receipt is not text"),
            ("pounds.txt", "TESCO\nMILK £1.09\nTOTAL £1.09\n", 2, "the receipt is in GBP and Grock keeps amounts in EUR"),
            ("wrong.txt", Self.aldi.replacingOccurrences(of: "Summe                   5,48", with: "Summe                   6,48"), 1,
             "the lines to log come to 5.48, the receipt says 6.48 (a difference of 1.00)"),
            ("words.txt", "Dear diary,\ntoday was fine.\n", 2, "no line of the receipt reads as an item with a price"),
        ]
        for entry in cases {
            let path = try file(grock, entry.name, entry.text)
            let result = try grock.run(arguments: ["receipt", "Weekly", path, "--yes"], extra: Self.evening)
            #expect(result.status == entry.code, "\(entry.name): \(result.stderr)")
            #expect(result.stderr.contains(entry.message), "\(entry.name): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(entry.name): one line: \(result.stderr)")
        }
        // Latin-1: bytes that are not UTF-8, refused by the command line before Domain reads text.
        let latin1 = grock.home.path + "/latin1.txt"
        try Data(Array("ALDI\nBr".utf8) + [0xF6] + Array("tchen 0,25\nSUMME 0,25\n".utf8)).write(to: URL(fileURLWithPath: latin1))
        let notText = try grock.run(arguments: ["receipt", "Weekly", latin1, "--yes"], extra: Self.evening)
        #expect(notText.status == 2 && notText.stderr
            == "grock: the receipt is not text (line 2 has bytes that are not UTF-8 text); give the text of the receipt, not an image or a "
                + "PDF\n",
            "\(notText.stderr)")
        #expect(try export(grock) == before)
        let planning = try grock.run(arguments: ["receipt", "Later", try file(grock, "aldi.txt", Self.aldi), "--yes"], extra: Self.evening)
        #expect(planning.status == 1 && planning.stderr.contains("no cart named \"Later\""))
        let accepted = try grock.run(arguments: ["receipt", "Weekly", grock.home.path + "/wrong.txt", "--yes", "--accept-difference"],
            extra: Self.evening)
        #expect(accepted.status == 0 && accepted.stdout.contains("a difference of 1.00, accepted"), "\(accepted.stderr)")
    }

    @Test func hostileFilesAreRefusedUnread() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = try export(grock)
        let zero = grock.home.path + "/zero.txt"
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        let fifo = grock.home.path + "/fifo.txt"
        #expect(mkfifo(fifo, 0o600) == 0)
        let huge = grock.home.path + "/huge.txt"
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: 50 << 20)
        try handle.close()
        for (path, message) in
            [(zero, "is not a regular file"), (fifo, "is not a regular file"), (huge, "a receipt's text is at most 1048576"),
                                (grock.home.path, "is a directory"), (grock.home.path + "/missing.txt", "No such file")] {
            let result = try grock.run(arguments: ["receipt", path, "--yes"], extra: Self.evening)
            #expect(result.status == 2, "\(path): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(path): \(result.stderr)")
        }
        // Standard input is capped too.
        let flood = try grock.run(arguments: ["receipt", "-", "--yes"], input: String(repeating: "Milch 1,09\n", count: 100_000),
            extra: Self.evening)
        #expect(flood.status == 2 && flood.stderr.contains("more than 1048576 bytes"))
        // A control character in a line never reaches the terminal raw.
        let evil = try file(grock, "evil.txt", "ALDI\nMilch\u{1B}]0;pwned\u{7} 1,09\nSumme 1,09\n")
        let refused = try grock.run(arguments: ["receipt", evil, "--yes"], extra: Self.evening)
        #expect(refused.status == 2)
        #expect(!(refused.stdout + refused.stderr).contains("\u{1B}"))
        #expect(try export(grock) == before)
        let photo = try grock.run(arguments: ["receipt", "--image", zero], extra: Self.evening.merging(["PATH": "/nonexistent"]) { $1 })
        #expect(photo.status != 0 && photo.stderr.split(separator: "\n").count == 1)
    }

    /// In a terminal (`script` gives it one) the new line is asked about, then the whole.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func inATerminalItAsksAboutEachNewLineAndBeforeLogging() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        let receipt = try file(grock, "aldi.txt", Self.aldi)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(Grock.executable.path)' receipt Weekly '\(receipt)'", "/dev/null"]
        process.environment = grock.environment.merging(Self.evening) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // A number for a line that shows no candidates, a category that does not exist and a
        // name Grock refuses are asked again; then a new item in Produce, named by the person.
        input.fileHandleForWriting.write(Data("1\nn Nope\nn Produce = \nn Produce = Vine tomatoes\n\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("Line 3, \"Rispentomaten\" (1.99) matches nothing you have."))
        #expect(text.contains("Answer with Enter, i, n CATEGORY, s or q."))
        #expect(text.contains("No category named \"Nope\""))
        #expect(text.contains("\"\" cannot be an item's name; answer again."))
        #expect(text.contains("Log it? [Y/n]"))
        #expect(text.contains("Logged 4 lines of Aldi on cart Weekly: 5.48 EUR"))
        #expect(try ok(grock, ["item", "show", "Vine tomatoes"]).contains("Produce"))
    }

    /// A doubtful line's number is one of its candidates: any other number, the extremes of
    /// `Int` included, is asked again (the smallest once trapped computing `number - 1`).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aNumberThatIsNoCandidateIsAskedAgain() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        for arguments in [["init"], ["store", "add", "Lidl"], ["item", "add", "Milch frisch", "--category", "Dairy"],
                          ["item", "add", "Milchreis", "--category", "Dairy"]] {
            _ = try ok(grock, arguments)
        }
        let receipt = try file(grock, "lidl.txt", "LIDL\nReis 1,09\nSUMME 1,09\n")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(Grock.executable.path)' receipt '\(receipt)' --store Lidl", "/dev/null"]
        process.environment = grock.environment.merging(Self.evening) { $1 }
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("-9223372036854775808\n9223372036854775807\n0\n2\n1\n\n".utf8))
        try input.fileHandleForWriting.close()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.components(separatedBy: "Answer with Enter, a number from the list, i, n CATEGORY, s or q.").count == 5, "\(text)")
        #expect(text.contains("Logged 1 line of Lidl"), "\(text)")
        #expect(try ok(grock, ["prices", "Milchreis"]).contains("1.09"))
    }

    @Test func aPhotoIsReadByTesseractWhenItIsOnPath() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        // A stand-in tesseract that prints the receipt's text for any photo, as `tesseract PHOTO -` would.
        let bin = grock.home.path + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let text = try file(grock, "ocr.txt", Self.aldi)
        let tesseract = try file(grock, "bin/tesseract", "#!/bin/sh\n[ \"$2\" = - ] && cat '\(text)'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tesseract)
        let photo = try file(grock, "bon.jpg", "not really a photo")
        let result = try grock.run(arguments: ["--json", "receipt", "--image", photo, "--yes", "--dry-run"],
                                   extra: Self.evening.merging(["PATH": bin + ":/usr/bin:/bin"]) { $1 })
        #expect(result.status == 0, "\(result.stderr)")
        let outcome = (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])?["outcome"] as? [String: Any]
        #expect(outcome?["summary"] as? String == "would log receipt of Aldi, 4 lines")
        #expect(outcome?["dryRun"] as? Bool == true)
    }

    @Test func rpcReviewsAndAppliesAReceipt() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        try grock.ok("trip start Weekly")
        let text = String(data: try JSONSerialization.data(withJSONObject: [Self.aldi]), encoding: .utf8)!.dropFirst().dropLast()
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"receipt.review","params":{"cart":"Weekly","text":\#(text)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"receipt.apply","params":{"cart":"Weekly","text":\#(text),"decisions":[{"line":3,"#
                + #""decision":"newItem","category":"Produce","name":"Tomatoes"},{"line":2,"decision":"item","item":"Milk"}]}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"receipt.apply","params":{"cart":"Weekly","text":\#(text),"decisions":[{"line":2,"#
                + #""decision":"maybe"}]}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"rpc.discover"}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"receipt.apply","params":{"text":\#(text),"decisions":[{"line":1,"decision":"skip"},"#
                + #"{"line":1,"decision":"impulse"}]}}"#,
        ]
        let output = try grock.run(arguments: ["rpc"], input: requests.joined(separator: "\n") + "\n",
            extra: Self.evening).stdout.split(separator: "\n")
        try #require(output.count == 5)
        #expect(output[4].contains(#""code":-32602"#) && output[4].contains("line 1 is decided twice"), "\(output[4])")
        #expect(output[0].contains(#""verdict":"confident""#) && output[0].contains(#""changePercent":-18"#)
            && !output[0].contains(#""outcome""#))
        #expect(output[1].contains(#""summary":"logged receipt of Aldi on Weekly, 4 lines""#) && output[1].contains(#""kind":"newItem""#))
        #expect(output[2].contains(#""code":-32602"#))
        #expect(output[3].contains(#""name":"receipt.review""#) && output[3].contains(#""name":"receipt.apply""#))
        #expect(try ok(grock, ["item", "show", "Tomatoes"]).contains("Produce"))
    }

    /// Thirteenth review: a decision for line -2^63 made `grock rpc` (and `grock serve`) trap
    /// (`row - 1` in the view model). A line of any size the receipt does not have is refused
    /// with its number and the receipt's count, and the program answers the next request.
    @Test func aDecisionForALineOfAnySizeIsRefused() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let text = String(data: try JSONSerialization.data(withJSONObject: [Self.aldi]), encoding: .utf8)!.dropFirst().dropLast()
        let lines = ["-9223372036854775808", "9223372036854775807", "0", "-1"]
        let requests = lines.enumerated().map { index, line in
            #"{"jsonrpc":"2.0","id":\#(index),"method":"receipt.apply","params":{"text":\#(text),"decisions":[{"line":\#(line),"#
                + #""decision":"skip"}]}}"#
        } + [#"{"jsonrpc":"2.0","id":9,"method":"cart.list","params":{}}"#]
        let result = try grock.run(arguments: ["rpc"], input: requests.joined(separator: "\n") + "\n", extra: Self.evening)
        #expect(result.status == 0, "\(result.stderr)")
        let output = result.stdout.split(separator: "\n")
        try #require(output.count == requests.count, "\(result.stdout)")
        for (line, answer) in zip(lines, output) {
            #expect(answer.contains(#""error""#) && answer.contains("line \(line)"), "\(answer)")
        }
        #expect(output[4].contains(#""result""#))
    }
}
