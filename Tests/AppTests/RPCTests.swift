import Foundation
import Testing

/// `grock rpc`, the second front: JSON-RPC 2.0 over stdin and stdout, driven through the real
/// binary.
@Suite(.serialized) struct RPCTests {
    private func lines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init) }

    @Test func aProgramPlansShopsAndFinishesThroughIt() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"cart.add","params":{"cart":"Weekly","items":["Milk"],"quantity":"250","unit":"g"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"trip.start","params":{"cart":"Weekly"}}"#,
            #"{"jsonrpc":"2.0","id":"log","method":"trip.log","params":{"cart":"Weekly","item":"Bread","price":"24.90"}}"#,
            #"{"jsonrpc":"2.0","method":"trip.log","params":{"cart":"Weekly","item":"Bread"}}"#,   // the page's tick: keeps 24.90
            #"{"jsonrpc":"2.0","method":"trip.log","params":{"cart":"Weekly","item":"Milk"}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"trip.finish","params":{"cart":"Weekly"}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"insights"}"#,
        ]
        let output = lines(try grock.ok("rpc", input: requests.joined(separator: "\n") + "\n"))
        #expect(output.count == 5, "a notification gets no response: \(output)")
        #expect(output[0].hasPrefix(
            #"{"error":{"code":-32003,"data":{"kind":"refused"},"message":"\"Milk\" is counted in each on this cart;"#))
        #expect(output[1].contains(#""status":"shopping""#))
        #expect(output[2].hasPrefix(#"{"id":"log","jsonrpc":"2.0","result":{"value":"#)
            && output[2].contains(#""warnings":["\"Bread\" at \"Lidl\": 24.90/each is more than 3 times"#))
        #expect(output[3].contains(#""status":"completed""#) && output[3].contains(#""actualTotal":"25.99""#))   // Bread 24.90 + Milk 1.09
        #expect(output[4].contains(#""total":"25.99""#))
    }

    @Test func whatCannotBeReadGetsTheProtocolsErrorsAndChangesNothing() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = try grock.ok("--json export --format json")
        let requests = [
            "garbage",
            "[1,2]",
            #"{"jsonrpc":"1.0","id":1,"method":"home"}"#,
            #"{"jsonrpc":"2.0","id":{"a":1},"method":"home"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"nope"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"home","params":{"x":1}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"item.price","params":{"item":"Milk","store":"Aldi","price":1.09}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"cart.add","params":{"cart":"Weekly","items":[]}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"cart.show","params":{"cart":"\u001b]0;x\u0007"}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"home","params":{"a":"# + String(repeating: "[", count: 100_000) + String(repeating: "]",
                count: 100_000) + "}}",
            #"{"jsonrpc":"2.0","id":8,"method":"home","params":{"a":""# + String(repeating: "x", count: 3 << 20) + #""}}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"home","params":[1]}"#,
            #"{"jsonrpc":"2.0","id":10,"method":5}"#,
            #"{"jsonrpc":"2.0","id":null,"method":"cart.show","params":{"cart":"Nope"}}"#,
        ]
        let output = lines(try grock.ok("rpc", input: requests.joined(separator: "\n") + "\n"))
        let codes = output.map { line -> String in
            guard let range = line.range(of: #""code":-?[0-9]+"#, options: .regularExpression) else { return "none" }
            return String(line[range].dropFirst(7))
        }
        #expect(codes == ["-32700", "-32600", "-32600", "-32600", "-32601", "-32602", "-32602", "-32602", "-32002", "-32700", "-32600",
                          "-32602", "-32600", "-32002"], "\(output)")
        #expect(output[11].hasSuffix(#""id":9,"jsonrpc":"2.0"}"#) && output[12].hasSuffix(#""id":10,"jsonrpc":"2.0"}"#),
            "the caller's id comes back")
        #expect(output[13].hasSuffix(#""id":null,"jsonrpc":"2.0"}"#), "a null id is answered, not taken for a notification")
        #expect(output[8].contains(#"no cart named \"\\e]0;x\\u{7}\""#), "a control character is never echoed: \(output[8])")
        #expect(!output.joined().contains("\u{1B}"))
        #expect(try grock.ok("--json export --format json") == before)
    }

    /// Every method the command line's journeys use is reachable, and answers what `--json`
    /// prints.
    @Test func theRestOfTheMethodsWork() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"store.add","params":{"name":"Rewe"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"item.add","params":{"name":"Coffee","category":"Pantry","price":"2.29","store":"Rewe","#
                + #""pack":"250g"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"item.search","params":{"text":"cof"}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"cart.new","params":{"cart":"Party","budget":"30","items":["Coffee"]}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"cart.set","params":{"cart":"Party","item":"Coffee","quantity":"500","unit":"g"}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"plan","params":{"cart":"Weekly","maxStores":1}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"trip.start","params":{"cart":"Party"}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"trip.impulse","params":{"cart":"Party","name":"Gum","price":"0.99","store":"Rewe"}}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"trip.abort","params":{"cart":"Party"}}"#,
            #"{"jsonrpc":"2.0","id":10,"method":"cart.remove","params":{"cart":"Party","item":"Coffee"}}"#,
            #"{"jsonrpc":"2.0","id":11,"method":"item.history","params":{"item":"Coffee"}}"#,
            #"{"jsonrpc":"2.0","id":12,"method":"plan","params":{"cart":"Weekly","maxStores":0}}"#,
            #"{"jsonrpc":"2.0","id":13,"method":"cart.set","params":{"cart":"Party","item":"Coffee"}}"#,
            #"{"jsonrpc":"2.0","id":14,"method":"settings.currency","params":{"currency":"XYZ"}}"#,
            #"{"jsonrpc":"2.0","id":15,"method":"setup","params":{"currency":"eurp"}}"#,
        ]
        let output = lines(try grock.ok("rpc", input: requests.joined(separator: "\n") + "\n"))
        #expect(output.count == 15)
        #expect(output[0].contains(#""name":"Rewe""#))
        #expect(output[1].contains(#""pricePer":"pack of 250 g""#) && output[1].contains(#""unitPrice":"9.16""#))
        #expect(output[2].contains(#""name":"Coffee""#))
        #expect(output[3].contains(#""name":"Party""#) && output[3].contains(#""budget":"30.00""#))
        #expect(output[4].contains(#""quantity":"500","unit":"g""#) && output[4].contains(#""plannedTotal":"4.58""#))
        #expect(output[5].contains(#""stores":["#))
        #expect(output[7].contains(#""item":"Gum""#) && output[8].contains(#""status":"planning""#))
        #expect(output[9].contains(#""items":[]"#))
        #expect(output[10].contains(#""price":"2.29""#))
        #expect(output[11].contains(#""code":-32602"#) && output[12].contains("give quantity, unit or store"))
        // A currency's code is read by the method (Currency(code:)) and refused as the intent's own errors are.
        let unknown = #"{"error":{"code":-32001,"data":{"kind":"invalidInput"},"message":"\"XYZ\" is not a currency Grock knows"#
        #expect(output[13].hasPrefix(unknown) && output[14].contains(#"\"eurp\" is not a currency Grock knows"#), "\(output[13...])")
    }

    /// What the command line offers besides carts and trips: setup, settings, categories,
    /// renames and deletes, each answering the view model's state after it.
    @Test func aProgramSetsUpRenamesAndDeletesThroughIt() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        let requests = [
            ("setup", #"{"currency":"GBP"}"#), ("settings.show", "{}"), ("settings.currency", #"{"currency":"USD"}"#),
            ("store.add", #"{"name":"Aldi"}"#), ("category.add", #"{"name":"Spices"}"#),
                ("category.rename", #"{"category":"Spices","name":"Herbs"}"#),
            ("category.move", #"{"category":"Herbs","position":1}"#),
            ("item.add", #"{"name":"Pepper","category":"Herbs","price":"2.50","store":"Aldi"}"#),
            ("item.rename", #"{"item":"Pepper","name":"Black pepper"}"#), ("item.move", #"{"item":"Black pepper","category":"Pantry"}"#),
            ("category.remove", #"{"category":"Herbs"}"#), ("store.aisles", #"{"store":"Aldi","categories":["Pantry"]}"#),
            ("cart.new", #"{"cart":"Weekly","budget":"1","items":["Black pepper"]}"#), ("cart.budget", #"{"cart":"Weekly","budget":null}"#),
            ("cart.rename", #"{"cart":"Weekly","name":"Big shop"}"#), ("cart.list", "{}"),
                ("store.rename", #"{"store":"Aldi","name":"Aldi Nord"}"#),
            ("item.forget", #"{"item":"Black pepper","store":"Aldi Nord"}"#), ("item.remove", #"{"item":"Black pepper"}"#),
            ("cart.delete", #"{"cart":"Big shop"}"#), ("store.remove", #"{"store":"Aldi Nord"}"#), ("category.list", "{}"),
            ("item.list", #"{"category":"Pantry"}"#), ("history", "{}"), ("report", "{}"), ("cart.budget", #"{"cart":"Nope"}"#),
            ("item.forget", #"{"item":"Milk","store":"Aldi","date":"2026-13-01"}"#),
        ]
        let input = requests.enumerated().map {
            #"{"jsonrpc":"2.0","id":\#($0.offset),"method":"\#($0.element.0)","params":\#($0.element.1)}"# }
        let output = lines(try grock.ok("rpc", input: input.joined(separator: "\n") + "\n"))
        #expect(output.count == requests.count)
        let expected = [
            #""value":{"alreadySetUp":false,"categoriesAdded":["#, #""result":{"currency":"GBP","decimals":2,"setUp":true}"#,
            #""value":{"currency":"USD","decimals":2,"setUp":true}"#, #""result":[{"created":"#,
            #""name":"Spices","position":11}]"#, #""name":"Herbs","position":11}]"#,
                #""result":{"value":[{"items":0,"name":"Herbs","position":1}"#,
            #""category":"Herbs","currency":"USD""#, #""name":"Black pepper""#, #""category":"Pantry""#,
            #""warnings":[]"#, #""value":{"aisles":["Pantry","#,
            #""budget":"1.00""#, #""budget":null"#, #""name":"Big shop""#, #""name":"Big shop""#,
            #""name":"Aldi Nord""#, #""prices":[]"#, #""value":{"notice":"removed Black pepper from the vault"}"#,
            #""value":{"notice":"Big shop: deleted cart"}"#, #""result":{"value":[],"#, #""result":[{"items":0,"#,
            #""result":[{"category":"Pantry","items":[]}]"#, #""result":[]"#, #""topItems":[]"#,
                #""message":"budget is required (null removes it)""#,
            // A day is read as the command line reads it (Day(parsing:)), with its message.
            #""message":"\"2026-13-01\" is not a date: write YYYY-MM-DD"#,
        ]
        for (line, text) in zip(output, expected) { #expect(line.contains(text), "\(line)") }
        #expect(!output[6].contains("Spices") && !output[10].contains("Herbs") && output[12].contains(#""overBudget":"1.50""#))
    }

    @Test func idsComeBackExactly() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let ids = ["9007199254740993", "9223372036854775807", "-9223372036854775808", #""x\"y""#, #""9223372036854775808""#]
        let output = try grock.ok("rpc", input: ids.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"settings.show"}"# + "\n" }.joined())
        for id in ids { #expect(output.contains(#""id":\#(id),"#), "\(id): \(output)") }
    }

    /// A numeric id that would come back as the nearest `Double` (2^63 as 9.223372036854776e+18,
    /// missed by a client matching replies by id) is refused before anything runs.
    @Test func aNumericIDThatCannotComeBackExactlyIsRefused() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        for id in ["9223372036854775808", "-9223372036854775809", "1e19", "1.5"] {
            let output = try grock.ok("rpc", input: #"{"jsonrpc":"2.0","id":\#(id),"method":"cart.new","params":{"cart":"Weekly"}}"# + "\n")
            #expect(output.hasPrefix(
                #"{"error":{"code":-32600,"message":"an id that is a number is a whole number from -9223372036854775808 to "#
                + #"9223372036854775807"#)
                    && output.hasSuffix(#""id":null,"jsonrpc":"2.0"}"# + "\n"), "\(id): \(output)")
        }
        #expect(try grock.ok("cart list").contains("No active carts"), "nothing ran")
    }

    @Test func anOutputThatCannotBeWrittenEndsItWithExitThree() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let (stdout, stderr) = try bash(
            "printf '%s\\n' '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"home\"}' | \"$0\" --data-dir \"$1\" rpc > /dev/full; echo \"status "
            + "$?\"", grock)
        #expect(stdout == "status 3\n" && stderr.contains("cannot write the output"), "\(stdout) \(stderr)")
    }

    /// A front over `Composition` alone syncs and exports as the command line does.
    @Test func aProgramSyncsAndExportsThroughIt() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let folder = grock.home.path + "/household"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let before = lines(try grock.ok("rpc", input: #"{"jsonrpc":"2.0","id":1,"method":"sync"}"# + "\n"))
        #expect(before[0].contains(#""code":-32003"#) && before[0].contains("this data directory does not sync"), "\(before)")
        try grock.ok("sync init \(folder) --name laptop")
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"trip.start","params":{"cart":"Weekly"}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"sync"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"sync.status"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"export","params":{"format":"csv"}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"export","params":{"format":"json"}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"export","params":{"format":"xml"}}"#,
        ]
        let output = lines(try grock.ok("rpc", input: requests.joined(separator: "\n") + "\n"))
        #expect(output[1].contains(#""result":{"damaged":[],"quarantined":[],"received":0,"sent":1,"waiting":[]}"#), "\(output[1])")
        #expect(output[2].contains(#""name":"laptop""#) && output[2].contains(#""pending":0"#) && output[2].contains(#""this":true"#),
            "\(output[2])")
        #expect(output[3].contains(#""format":"csv""#)
            && output[3].contains(#""text":"date,trip,store,category,item,quantity,unit,price,currency"#), "\(output[3])")
        let backup = try grock.ok("--json export --format json")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output[4].utf8)) as? [String: Any])
        let result = try #require(document["result"] as? [String: Any])
        #expect((result["text"] as? String)?.trimmingCharacters(in: .newlines) == backup.trimmingCharacters(in: .newlines),
            "the same backup as grock export writes")
        #expect(output[5].contains(#""code":-32602"#) && output[5].contains(#"not \"xml\""#), "\(output[5])")
        // In memory there is nothing to sync: refused, by name.
        let memory = lines(try grock.ok("--in-memory rpc", input: #"{"jsonrpc":"2.0","id":1,"method":"sync.status"}"# + "\n"))
        #expect(memory[0].contains(#""code":-32003"#) && memory[0].contains("sync needs a data directory"), "\(memory)")
    }

    /// The method list is the one declaration the checks come from: every method it names
    /// refuses a call without its first required parameter by name, and changes nothing.
    @Test func everyListedMethodChecksItsParametersAsListed() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.stocked()
        let before = try grock.ok("--json export --format json")
        let discovered = try grock.ok("rpc", input: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(discovered.utf8)) as? [String: Any])
        let methods = try #require((document["result"] as? [String: Any])?["methods"] as? [[String: Any]])
        #expect(methods.count >= 50)
        var requests: [String] = [], expected: [String] = []
        for (index, method) in methods.enumerated() {
            let name = try #require(method["name"] as? String)
            let params = try #require(method["params"] as? [[String: Any]])
            guard let first = params.first(where: { $0["required"] as? Bool == true }),
                let parameter = first["name"] as? String else { continue }
            requests.append(#"{"jsonrpc":"2.0","id":\#(index),"method":"\#(name)","params":{}}"#)
            expected.append(parameter)
        }
        let output = lines(try grock.ok("rpc", input: requests.joined(separator: "\n") + "\n"))
        #expect(output.count == requests.count)
        for (line, parameter) in zip(output, expected) {
            #expect(line.contains(#""code":-32602"#) && line.contains("\(parameter) is required"), "\(line)")
        }
        #expect(try grock.ok("--json export --format json") == before, "nothing changed")
    }

    @Test func itListsItsMethods() throws {
        let grock = try Grock()
        defer { grock.home.remove() }
        try grock.ok("init")
        let output = try grock.ok("rpc", input: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"# + "\n")
        for method in
            ["home", "cart.show", "cart.add", "item.show", "item.price", "trip.start", "trip.log", "trip.finish", "insights", "undo"] {
            #expect(output.contains(#""name":"\#(method)""#), "\(method)")
        }
        #expect(output.contains(
            #"{"name":"cart.budget","params":[{"name":"cart","required":true,"schema":{"type":"string"}},{"name":"budget","required":true,"#
            + #""schema":{"type":["string","null"]}}]"#))
        #expect(output.contains(#"{"name":"maxStores","required":false,"schema":{"maximum":1000,"minimum":1,"type":"integer"}}"#))
        #expect(output.contains(#"{"name":"items","required":true,"schema":{"items":{"type":"string"},"type":"array"}}"#))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let result = try #require(document["result"] as? [String: Any])
        #expect(result["openrpc"] as? String == "1.3.2" && (result["info"] as? [String: Any])?["title"] as? String == "Grock",
            "an OpenRPC document")
    }
}
