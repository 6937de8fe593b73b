// swift-tools-version: 6.0
import PackageDescription

// Each layer is its own target so that the dependency rule is checked by the compiler:
// Domain depends on nothing, DataLayer and Presentation on Domain only, App on all three.
let package = Package(
    name: "Grock",
    products: [
        .executable(name: "grock", targets: ["grock"]),
    ],
    targets: [
        .target(name: "Domain", path: "Domain"),
        // The folder is `Data`, the module `DataLayer`: a module named `Data` would be shadowed
        // by Foundation's `Data` struct in every file that imports Foundation.
        .target(name: "DataLayer", dependencies: ["Domain"], path: "Data"),
        .target(name: "Presentation", dependencies: ["Domain"], path: "Presentation"),
        .target(name: "App", dependencies: ["Domain", "DataLayer", "Presentation"], path: "App/Sources"),
        .executableTarget(name: "grock", dependencies: ["App"], path: "App/grock"),

        .target(name: "TestSupport", dependencies: ["Domain"], path: "Tests/TestSupport"),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "TestSupport"], path: "Tests/DomainTests"),
        .testTarget(name: "DataTests", dependencies: ["DataLayer", "Domain", "TestSupport"], path: "Tests/DataTests",
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "DataLayer", "Domain", "TestSupport"],
                    path: "Tests/PresentationTests"),
        .testTarget(name: "AppTests", dependencies: ["App", "TestSupport"], path: "Tests/AppTests"),
    ],
    swiftLanguageModes: [.v6]
)
