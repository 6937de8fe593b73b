// swift-tools-version: 6.2
import PackageDescription

// Async functions run on their caller's executor instead of hopping to the global pool: a
// command's work stays on the main thread, with no thread wake-ups between the layers. It
// changes how async functions are called, so every target, tests included, must use it.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]
// The shipped build (README) puts each function in its own section (`-Xfrontend
// -function-sections` on the command line, for every module) and links with lld in the order of
// App/grock/symbol-order.txt, written by bench/order.sh: a command maps fewer pages of code
// (docs/PERFORMANCE.md). The link flags are the executable's alone, so the libraries carry no
// unsafe flags and other packages can depend on them.
let symbolOrder: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/App/grock/symbol-order.txt",
                  "-Xlinker", "--no-warn-symbol-ordering"], .when(platforms: [.linux], configuration: .release)),
]

// Each layer is its own target so that the dependency rule is checked by the compiler:
// Domain depends on nothing, DataLayer and Presentation on Domain only, Adapters (the other
// programs Grock runs) on DataLayer, Composition on all four; the fronts on top: the command
// line (App, drawing with Terminal), grock rpc (RPC) and grock serve (Web).
// Presentation holds screen state only; how a screen is drawn is each front's own business.
let package = Package(
    name: "Grock",
    // Apple's systems from the first with `Synchronization` (Mutex, Atomic); Linux needs no entry.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "grock", targets: ["grock"]),
        // The layers, for other fronts and packages (docs/PORTING.md).
        .library(name: "Domain", targets: ["Domain"]),
        .library(name: "DataLayer", targets: ["DataLayer"]),
        .library(name: "Presentation", targets: ["Presentation"]),
        .library(name: "Composition", targets: ["Composition"]),
        // The command line's drawing, for a text front that draws as grock does.
        .library(name: "Terminal", targets: ["Terminal"]),
    ],
    targets: [
        .target(name: "Domain", path: "Domain", swiftSettings: settings),
        // The folder is `Data`, the module `DataLayer`: a module named `Data` would be shadowed
        // by Foundation's `Data` struct in every file that imports Foundation.
        .target(name: "DataLayer", dependencies: ["Domain"], path: "Data", swiftSettings: settings),
        .target(name: "Presentation", dependencies: ["Domain"], path: "Presentation", swiftSettings: settings),
        // The adapters that run other programs: `ProcessRunner` (both outputs read together, a
        // timeout), git for a household folder that is a work tree (DataLayer's `FolderTransport`),
        // tesseract for a photographed receipt. Apart from the composition root, so that what
        // starts a process is in one small place; no product of its own (Composition carries it).
        .target(name: "Adapters", dependencies: ["DataLayer", "GlibcExtras"], path: "App/Adapters", swiftSettings: settings),
        // The one C function the adapters need that Swift's Glibc module leaves out (declared
        // only under `_GNU_SOURCE`): closing every inherited descriptor in a program started.
        .target(name: "GlibcExtras", path: "App/GlibcExtras"),
        // The composition root every front shares (container, clock, ids, configuration, the
        // household and transfer services); the command line (`App`) is one front on top of it.
        .target(name: "Composition", dependencies: ["Domain", "DataLayer", "Presentation", "Adapters"], path: "App/Composition", swiftSettings: settings),
        // The second front, `grock rpc`: on the composition root and the view models, never on
        // the command line's target.
        .target(name: "RPC", dependencies: ["Composition", "Domain", "Presentation"], path: "App/RPC", swiftSettings: settings),
        // The third front, `grock serve`: its own HTTP server and the phone's page. It answers the
        // same JSON-RPC bodies as grock rpc (`POST /rpc`) through RPC; a target of its own so
        // that grock rpc carries no sockets and no page.
        // Its page's four files (Page/) are compiled in as byte arrays (`PackageResources`), not
        // copied beside the binary: `grock` stays one file (App/Web/WebPage.swift).
        .target(name: "Web", dependencies: ["RPC", "Composition", "Domain"], path: "App/Web",
                resources: [.embedInCode("Page/index.html"), .embedInCode("Page/app.css"),
                            .embedInCode("Page/app.js"), .embedInCode("Page/sw.js")],
                swiftSettings: settings),
        // The command line's drawing: screens as text for a terminal (colour, width, the `grock
        // ...` hints), from the view models' state. Only the command line needs it; grock rpc
        // answers with the state itself.
        .target(name: "Terminal", dependencies: ["Domain", "Presentation"], path: "App/Terminal", swiftSettings: settings),
        // `grock report`'s HTML page (charts as SVG), drawn from the report view model's state:
        // another medium than the terminal's text, for the command line alone.
        .target(name: "Report", dependencies: ["Domain", "Presentation"], path: "App/Report", swiftSettings: settings),
        // The command line sees the data layer only through the composition root (Household,
        // Transfer, doctor): a front needs nothing more. It runs tesseract itself (Adapters) for
        // `grock receipt --image`.
        .target(name: "App", dependencies: ["Composition", "Adapters", "RPC", "Web", "Terminal", "Report", "Domain", "Presentation"], path: "App/Sources", swiftSettings: settings),
        .executableTarget(name: "grock", dependencies: ["App"], path: "App/grock", exclude: ["symbol-order.txt"], swiftSettings: settings,
                         linkerSettings: symbolOrder),

        // Tests of every layer run over DataLayer's InMemoryStorage, the file store's rules without the disk.
        .target(name: "TestSupport", dependencies: ["Domain", "DataLayer"], path: "Tests/TestSupport", swiftSettings: settings),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "DataLayer", "TestSupport"], path: "Tests/DomainTests", swiftSettings: settings),
        .testTarget(name: "DataTests", dependencies: ["DataLayer", "Domain", "TestSupport"], path: "Tests/DataTests",
                    resources: [.copy("Fixtures")], swiftSettings: settings),
        // The screens' state, and their drawing (Terminal, Report) over the same worlds: one target, one build.
        .testTarget(name: "PresentationTests", dependencies: ["Presentation", "Terminal", "Report", "DataLayer", "Domain", "TestSupport"],
                    path: "Tests/PresentationTests", swiftSettings: settings),
        .testTarget(name: "AppTests", dependencies: ["App", "Composition", "DataLayer", "Web", "TestSupport"], path: "Tests/AppTests", swiftSettings: settings),
    ],
    swiftLanguageModes: [.v6]
)
