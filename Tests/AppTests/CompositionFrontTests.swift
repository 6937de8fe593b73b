import Composition
import Foundation
import TestSupport
import Testing

/// A front on `Composition` alone (no `DataLayer`), as a porting team writes one: one container
/// kept for the life of the app, a household started and joined through it.
@Suite(.serialized) struct CompositionFrontTests {
    /// A container made before its directory synced sends the changes made after `start` or
    /// `join` (a tester's front kept its container, and both sides silently diverged).
    @Test func aContainerKeptAcrossStartAndJoinSendsWhatItChanges() async throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let folder = home.path + "/household"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let laptop = AppContainer(Configuration(store: .directory(home.path + "/laptop")))
        let phone = AppContainer(Configuration(store: .directory(home.path + "/phone")))
        _ = try await laptop.useCases.setUpFirstRun()
        _ = try await laptop.useCases.addStore(name: "Aldi")
        try await #require(laptop.household()).start(folder: folder, name: "laptop")
        _ = try await #require(phone.household()).join(folder: folder, name: "phone")
        _ = try await laptop.useCases.createCart(name: "Saturday")
        _ = try await phone.useCases.createCart(name: "Sunday")
        let sent = try await #require(laptop.household()).exchange()
        #expect(sent.sent == 1, "the laptop's cart is sent: \(sent)")
        let merged = try await #require(phone.household()).exchange()
        #expect(merged.sent == 1 && merged.received == 1, "\(merged)")
        _ = try await #require(laptop.household()).exchange()
        let laptopCarts = try await laptop.useCases.listActiveCarts().map(\.name).sorted()
        let phoneCarts = try await phone.useCases.listActiveCarts().map(\.name).sorted()
        #expect(laptopCarts == ["Saturday", "Sunday"] && phoneCarts == laptopCarts)
        let laptopBackup = try await laptop.transfer().backup(), phoneBackup = try await phone.transfer().backup()
        #expect(laptopBackup == phoneBackup, "both hold the same data")
        let findings = try #require(await laptop.doctor())
        let problems = findings.filter { $0.isProblem }
        #expect(problems.isEmpty, "\(problems)")
    }
}
