// A screen drawn from a document made by hand: no view model, no use cases, no storage.

import Domain
import Presentation
import Terminal
import Testing

@Suite struct ScreenFromDocumentTests {
    @Test func theSettingsScreenDrawsFromItsDocumentAlone() {
        let document = SettingsDocument(Settings(currency: .euro, isSetUp: false))
        #expect(SettingsScreen.render(document) == """
            Settings
              Currency  EUR (2 decimals)
              Set up    no - run grock init
            """)
    }

    @Test func anErrorGivenAsTextGoesAboveTheScreen() {
        let document = SettingsDocument(Settings(currency: .euro, isSetUp: true))
        let lines = SettingsScreen.render(document, error: "the disk is full").split(separator: "\n")
        #expect(lines.first == "error: the disk is full")
        #expect(lines.last == "  Set up    yes")
    }
}
